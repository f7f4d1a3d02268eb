import * as z from 'zod';

const uuid = z.uuid();

/**
 * An RFC 9562 UUID, the only kind of id the database (gen_random_uuid) and crypto.randomUUID() hand out.
 * Anything else names no row, so callers answer "not found" without asking the database.
 */
export function isUuid(value: unknown): value is string {
  return uuid.safeParse(value).success;
}
