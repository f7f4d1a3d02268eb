import 'server-only';

import { createHash, timingSafeEqual } from 'node:crypto';

import { z } from 'zod';

import { parseEnv, type RawEnv } from './parse-env';

// The shared secret of the scheduled retention run (POST /api/retention). Unset, the route does
// not exist (404) and retention runs only after each new application and contact message.

export const MIN_CRON_SECRET_LENGTH = 32;

const cronSecretSchema = z.object({
  CRON_SECRET: z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .pipe(
      z
        .string()
        .regex(/^\S+$/, { error: 'CRON_SECRET must not contain spaces or line breaks', abort: true })
        .min(
          MIN_CRON_SECRET_LENGTH,
          `CRON_SECRET is too short: use at least ${MIN_CRON_SECRET_LENGTH} random characters (for example \`openssl rand -base64 48\`)`,
        )
        .optional(),
    ),
});

/**
 * Reads CRON_SECRET; throws one error naming it when it is set but unusable, so a deployment
 * learns at its first scheduled call, from the log, what to fix.
 */
export function readCronSecret(env: RawEnv): string | undefined {
  return parseEnv(cronSecretSchema, env, 'Server configuration is invalid').CRON_SECRET;
}

// Module state on purpose: configuration does not change while the process runs.
let cached: { secret: string | undefined } | undefined;

export function getCronSecret(): string | undefined {
  cached ??= { secret: readCronSecret(process.env) };
  return cached.secret;
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Whether an Authorization header carries the secret as a bearer token. Both sides are hashed
 * first, so the comparison takes the same time whatever the header's length or content.
 */
export function isCronAuthorization(header: string | null, secret: string): boolean {
  const match = /^Bearer ([^\s]+)$/i.exec(header ?? '');
  const given = match?.[1] ?? '';
  const same = timingSafeEqual(digest(given), digest(secret));
  return match !== null && same;
}
