import { z } from 'zod';

/** The environment as the process has it. */
export type RawEnv = Record<string, string | undefined>;

/** An optional variable, trimmed; unset and blank both read as ''. */
export const trimmedVariable = z
  .string()
  .optional()
  .transform((value) => value?.trim() ?? '');

/**
 * Reads the environment through a schema whose every message names its variable. Throws one error
 * that lists them all, so a deployment learns at once everything it has to fix.
 */
export function parseEnv<T extends z.ZodType>(schema: T, env: RawEnv, heading: string): z.output<T> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new Error(`${heading} (see .env.example):\n- ${result.error.issues.map((issue) => issue.message).join('\n- ')}`);
}
