import 'server-only';

import { z } from 'zod';

import { APPLICATION_SITE_RATE_LIMIT } from '@/lib/applications/application-limits';
import { getSupabasePublicEnv } from '@/lib/env/supabase-public';
import { isLoopbackUrl } from '@/lib/net/loopback';

import { parseEnv, trimmedVariable, type RawEnv } from './parse-env';

/*
 * The server's own settings: the secrets behind the rate limits, withdraw links and sealed drafts,
 * the service-role key, and where a client's address comes from. The service-role key bypasses row
 * level security, so `server-only` makes any client import of this module a build error.
 */

/** The server-only settings the rate limits and withdraw links depend on, checked together. */
export type ServerEnv = {
  /** Keys the rate-limit buckets (HMAC-SHA256), so a stored bucket does not reveal an address or e-mail. */
  rateLimitSecret: string;
  /**
   * Sign the withdraw links mailed to applicants (the first) and still verify links signed with
   * the others, so this secret rotates on its own and mailed links outlive a rotation.
   */
  withdrawLinkSecrets: string[];
  /** How many reverse proxies in front of the site append to X-Forwarded-For; 0 means none. */
  trustedProxyCount: number;
  /** On Vercel, whose edge sets x-vercel-forwarded-for itself. */
  onVercel: boolean;
  /** Multiplies the per-client auth limits; for test suites that sign in many times from one address. */
  authClientLimitFactor: number;
  /** The site-wide cap on applications per hour (a circuit breaker; APPLICATION_SITE_RATE_LIMIT is the default). */
  applicationSiteCap: number;
};

export const MIN_SECRET_LENGTH = 32;
const MAX_TRUSTED_PROXIES = 10;
const MAX_CLIENT_LIMIT_FACTOR = 1000;
const MAX_APPLICATION_SITE_CAP = 100_000;

/**
 * Only with a backend on this machine (the embedded one, or `supabase start`): a hosted project
 * must set its own secret, or anyone who reads this file could recompute the buckets.
 */
export const LOCAL_RATE_LIMIT_SECRET = 'bitwerf-local-backend-only-rate-limit-secret-not-for-production';

/** As public as LOCAL_RATE_LIMIT_SECRET, and for the same backends only. */
export const LOCAL_WITHDRAW_LINK_SECRET = 'bitwerf-local-backend-only-withdraw-link-secret-not-for-production';

/** The full-access key, or undefined: the admin client then falls back to the public key (the local backend). */
export function getSupabaseServiceRoleKey(): string | undefined {
  return process.env.SUPABASE_SERVICE_ROLE_KEY || undefined;
}

const HOW_TO_MAKE_A_SECRET = `set a random string of at least ${MIN_SECRET_LENGTH} characters (for example \`openssl rand -base64 48\`)`;

/** A whole number from min to max; unset or blank is the fallback. */
function wholeNumber(fallback: number, min: number, max: number, message: string) {
  return trimmedVariable.pipe(
    z.union(
      [
        z.literal('').transform(() => fallback),
        z.string().regex(/^\d+$/, message).transform(Number).pipe(z.number().min(min, message).max(max, message)),
      ],
      {
        error: message,
      },
    ),
  );
}

function serverEnvSchema(localBackend: boolean) {
  const orLocal = (fallback: string) => trimmedVariable.transform((value) => value || (localBackend ? fallback : ''));
  const fields = z.object({
    RATE_LIMIT_SECRET: orLocal(LOCAL_RATE_LIMIT_SECRET).pipe(
      z
        .string()
        .min(1, { error: `RATE_LIMIT_SECRET is missing: ${HOW_TO_MAKE_A_SECRET}`, abort: true })
        .min(MIN_SECRET_LENGTH, `RATE_LIMIT_SECRET is too short: use at least ${MIN_SECRET_LENGTH} random characters`),
    ),
    // One secret, or a comma-separated list during a rotation (new one first).
    WITHDRAW_LINK_SECRET: orLocal(LOCAL_WITHDRAW_LINK_SECRET).pipe(
      z
        .string()
        .min(1, {
          error: `WITHDRAW_LINK_SECRET is missing: it signs the withdraw links mailed to applicants; ${HOW_TO_MAKE_A_SECRET}`,
          abort: true,
        })
        .transform((value) => value.split(',').map((secret) => secret.trim()))
        .refine(
          (secrets) => secrets.every((secret) => secret.length >= MIN_SECRET_LENGTH),
          `WITHDRAW_LINK_SECRET: every secret needs at least ${MIN_SECRET_LENGTH} random characters ` +
            '(separate a rotated-out one with a comma)',
        ),
    ),
    SUPABASE_SERVICE_ROLE_KEY: z
      .string()
      .optional()
      .transform((key) => key ?? '')
      .refine(
        (key) => localBackend || key !== '',
        'SUPABASE_SERVICE_ROLE_KEY is missing: the rate limits are kept in Postgres and only the service role may write them',
      ),
    TRUSTED_PROXY_COUNT: wholeNumber(
      0,
      0,
      MAX_TRUSTED_PROXIES,
      `TRUSTED_PROXY_COUNT must be a whole number from 0 to ${MAX_TRUSTED_PROXIES} (the reverse proxies in front of the site)`,
    ),
    AUTH_RATE_LIMIT_CLIENT_FACTOR: wholeNumber(
      1,
      1,
      MAX_CLIENT_LIMIT_FACTOR,
      `AUTH_RATE_LIMIT_CLIENT_FACTOR must be a whole number from 1 to ${MAX_CLIENT_LIMIT_FACTOR}`,
    ),
    APPLICATION_SITE_CAP_PER_HOUR: wholeNumber(
      APPLICATION_SITE_RATE_LIMIT.maxApplications,
      1,
      MAX_APPLICATION_SITE_CAP,
      `APPLICATION_SITE_CAP_PER_HOUR must be a whole number from 1 to ${MAX_APPLICATION_SITE_CAP}`,
    ),
    VERCEL: z
      .string()
      .optional()
      .transform((value) => value === '1'),
    NODE_ENV: z.string().optional(),
  });
  // Each rule between variables runs whenever the variables it reads are valid, whatever else is wrong,
  // so one error still names everything.
  type Variable = keyof typeof fields.shape;
  const valid =
    (...variables: Variable[]) =>
    (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
      !payload.issues.some((issue) => variables.some((variable) => issue.path?.[0] === variable));
  return fields
    .refine((env) => !env.WITHDRAW_LINK_SECRET.includes(env.RATE_LIMIT_SECRET), {
      error: 'WITHDRAW_LINK_SECRET must differ from RATE_LIMIT_SECRET, so that each can be rotated on its own',
      when: valid('RATE_LIMIT_SECRET', 'WITHDRAW_LINK_SECRET'),
    })
    .refine(
      // Without a source the client cannot forge, every visitor would share one limit: one visitor
      // could then close the forms and sign-in for everyone. Development serves only its developer.
      (env) => env.NODE_ENV !== 'production' || env.VERCEL || env.TRUSTED_PROXY_COUNT > 0,
      {
        error:
          'No trustworthy client address for the rate limits: set TRUSTED_PROXY_COUNT to the number of ' +
          'reverse proxies in front of the site (deploy/nginx/ is one; on Vercel, VERCEL=1 is set for you)',
        when: valid('TRUSTED_PROXY_COUNT'),
      },
    )
    .transform((env): ServerEnv => ({
      rateLimitSecret: env.RATE_LIMIT_SECRET,
      withdrawLinkSecrets: env.WITHDRAW_LINK_SECRET,
      trustedProxyCount: env.TRUSTED_PROXY_COUNT,
      onVercel: env.VERCEL,
      authClientLimitFactor: env.AUTH_RATE_LIMIT_CLIENT_FACTOR,
      applicationSiteCap: env.APPLICATION_SITE_CAP_PER_HOUR,
    }));
}

/**
 * Reads and checks the settings. Throws one error that names every missing or invalid
 * variable, so a deployment learns all it has to fix at once.
 */
export function readServerEnv(env: RawEnv, backendUrl: string): ServerEnv {
  return parseEnv(serverEnvSchema(isLoopbackUrl(backendUrl)), env, 'Server configuration is incomplete');
}

// Module state on purpose: configuration does not change while the process runs, so it is
// checked once, and a broken configuration fails the first request that needs it, loudly.
let cached: ServerEnv | undefined;

export function getServerEnv(): ServerEnv {
  cached ??= readServerEnv(process.env, getSupabasePublicEnv().url);
  return cached;
}
