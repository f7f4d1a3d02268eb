import type { Context } from 'hono';

import { ERRORS } from './errors';

/** Fastify's default body limit, which Storage keeps for its JSON routes. */
const JSON_BODY_LIMIT = 1024 * 1024;

export type Json = Record<string, unknown>;

/**
 * Reads a JSON body the way Fastify's parser does for Storage: only `application/json` is
 * parsed (any other type leaves the body empty), an empty JSON body is an error unless the
 * route allows it, and more than 1 MiB is refused. Read chunk by chunk to enforce the limit.
 */
export async function readJsonBody(c: Context, options: { allowEmpty?: boolean } = {}): Promise<unknown> {
  const contentType = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (contentType !== 'application/json') return undefined;
  const tooLarge = () => ERRORS.BodyParser(413, 'EntityTooLarge', 'Request body is too large');
  if (Number(c.req.header('content-length') ?? 0) > JSON_BODY_LIMIT) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const body = c.req.raw.body;
  if (body !== null) {
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > JSON_BODY_LIMIT) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') {
    if (options.allowEmpty === true) return {};
    throw ERRORS.BodyParser(400, 'InvalidRequest', "Body cannot be empty when content-type is set to 'application/json'");
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw ERRORS.BodyParser(400, 'InvalidRequest', "Body is not valid JSON but content-type is set to 'application/json'");
  }
}

// Ajv's messages, as Fastify reports a schema mismatch: `body/limit must be >= 1`.
const invalid = (message: string) => ERRORS.Validation(message);

export function object(value: unknown, where: string): Json {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw invalid(`${where} must be object`);
  return value as Json;
}

export function required(source: Json, where: string, ...keys: string[]): void {
  for (const key of keys) if (source[key] === undefined) throw invalid(`${where} must have required property '${key}'`);
}

export function optionalString(source: Json, where: string, key: string): string | undefined {
  const value = source[key];
  if (value === undefined) return undefined;
  // Fastify's Ajv coerces scalars to strings.
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'string') throw invalid(`${where}/${key} must be string`);
  return value;
}

export function string(source: Json, where: string, key: string): string {
  required(source, where, key);
  return optionalString(source, where, key) ?? '';
}

export function optionalInteger(source: Json, where: string, key: string, minimum: number): number | undefined {
  let value = source[key];
  if (value === undefined) return undefined;
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) value = Number(value);
  if (typeof value !== 'number' || !Number.isInteger(value) || !Number.isFinite(value)) throw invalid(`${where}/${key} must be integer`);
  if (value < minimum) throw invalid(`${where}/${key} must be >= ${minimum}`);
  return value;
}

export function optionalEnum<T extends string>(source: Json, where: string, key: string, allowed: readonly T[]): T | undefined {
  const value = source[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw invalid(`${where}/${key} must be equal to one of the allowed values`);
  }
  return value as T;
}

export function optionalStringArray(
  source: Json,
  where: string,
  key: string,
  options: { nullable?: boolean; minItems?: number; maxItems?: number } = {},
): string[] | null | undefined {
  const value = source[key];
  if (value === undefined) return undefined;
  if (value === null && options.nullable === true) return null;
  if (!Array.isArray(value)) throw invalid(`${where}/${key} must be array`);
  value.forEach((item, index) => {
    if (typeof item !== 'string') throw invalid(`${where}/${key}/${index} must be string`);
  });
  if (options.minItems !== undefined && value.length < options.minItems) {
    throw invalid(`${where}/${key} must NOT have fewer than ${options.minItems} items`);
  }
  if (options.maxItems !== undefined && value.length > options.maxItems) {
    throw invalid(`${where}/${key} must NOT have more than ${options.maxItems} items`);
  }
  return value as string[];
}
