import 'server-only';

import { APPLICATION_SITE_RATE_LIMIT } from '@/lib/applications/application-limits';
import { isLoopbackUrl } from '@/lib/net/loopback';
import { SOCKET_ADDRESS_MARK } from '@/lib/request/socket-address';
import { getSupabasePublicEnv } from '@/lib/supabase/env';

/**
 * The service-role key bypasses row level security, so it must never reach a
 * client bundle: `server-only` makes any client import a build error.
 * The admin client falls back to the public key without it; getServerEnv()
 * below requires it whenever a hosted project is configured.
 */
export function getSupabaseServiceRoleKey(): string | undefined {
  return process.env.SUPABASE_SERVICE_ROLE_KEY || undefined;
}

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
  /** `npm start`'s server writes each request's socket address into a header (src/lib/request/socket-address.ts). */
  socketAddressHeader: boolean;
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

/** WITHDRAW_LINK_SECRET: one secret, or a comma-separated list during a rotation (new one first). */
function readWithdrawLinkSecrets(raw: string | undefined, localBackend: boolean, rateLimitSecret: string, problems: string[]): string[] {
  const value = raw?.trim() || (localBackend ? LOCAL_WITHDRAW_LINK_SECRET : '');
  if (value === '') {
    problems.push(
      `WITHDRAW_LINK_SECRET is missing: it signs the withdraw links mailed to applicants; set a random string of at least ${MIN_SECRET_LENGTH} characters (for example \`openssl rand -base64 48\`)`,
    );
    return [];
  }
  const secrets = value.split(',').map((secret) => secret.trim());
  if (secrets.some((secret) => secret.length < MIN_SECRET_LENGTH)) {
    problems.push(
      `WITHDRAW_LINK_SECRET: every secret needs at least ${MIN_SECRET_LENGTH} random characters (separate a rotated-out one with a comma)`,
    );
  }
  if (secrets.includes(rateLimitSecret))
    problems.push('WITHDRAW_LINK_SECRET must differ from RATE_LIMIT_SECRET, so that each can be rotated on its own');
  return secrets;
}

function wholeNumber(raw: string | undefined, fallback: number, max: number, min = 0): number | null {
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) return null;
  const value = Number(raw.trim());
  return value >= min && value <= max ? value : null;
}

/**
 * Reads and checks the settings. Throws one error that names every missing or invalid
 * variable, so a deployment learns all it has to fix at once.
 */
export function readServerEnv(env: Record<string, string | undefined>, backendUrl: string): ServerEnv {
  const localBackend = isLoopbackUrl(backendUrl);
  const problems: string[] = [];

  const secret = env.RATE_LIMIT_SECRET?.trim() || (localBackend ? LOCAL_RATE_LIMIT_SECRET : '');
  if (secret === '') {
    problems.push(
      `RATE_LIMIT_SECRET is missing: set a random string of at least ${MIN_SECRET_LENGTH} characters (for example \`openssl rand -base64 48\`)`,
    );
  } else if (secret.length < MIN_SECRET_LENGTH) {
    problems.push(`RATE_LIMIT_SECRET is too short: use at least ${MIN_SECRET_LENGTH} random characters`);
  }

  const withdrawLinkSecrets = readWithdrawLinkSecrets(env.WITHDRAW_LINK_SECRET, localBackend, secret, problems);

  if (!localBackend && !env.SUPABASE_SERVICE_ROLE_KEY) {
    problems.push('SUPABASE_SERVICE_ROLE_KEY is missing: the rate limits are kept in Postgres and only the service role may write them');
  }

  const trustedProxyCount = wholeNumber(env.TRUSTED_PROXY_COUNT, 0, MAX_TRUSTED_PROXIES);
  if (trustedProxyCount === null) {
    problems.push(`TRUSTED_PROXY_COUNT must be a whole number from 0 to ${MAX_TRUSTED_PROXIES} (the reverse proxies in front of the site)`);
  }

  const authClientLimitFactor = wholeNumber(env.AUTH_RATE_LIMIT_CLIENT_FACTOR, 1, MAX_CLIENT_LIMIT_FACTOR, 1);
  if (authClientLimitFactor === null) {
    problems.push(`AUTH_RATE_LIMIT_CLIENT_FACTOR must be a whole number from 1 to ${MAX_CLIENT_LIMIT_FACTOR}`);
  }

  const applicationSiteCap = wholeNumber(
    env.APPLICATION_SITE_CAP_PER_HOUR,
    APPLICATION_SITE_RATE_LIMIT.maxApplications,
    MAX_APPLICATION_SITE_CAP,
    1,
  );
  if (applicationSiteCap === null) {
    problems.push(`APPLICATION_SITE_CAP_PER_HOUR must be a whole number from 1 to ${MAX_APPLICATION_SITE_CAP}`);
  }

  const onVercel = env.VERCEL === '1';
  const socketAddressHeader = env[SOCKET_ADDRESS_MARK] === '1';
  // Without a source the client cannot forge, every visitor would share one limit: one visitor
  // could then close the forms and sign-in for everyone. Development serves only its developer.
  if (env.NODE_ENV === 'production' && !onVercel && trustedProxyCount === 0 && !socketAddressHeader) {
    problems.push(
      'No trustworthy client address for the rate limits: start the site with `npm start` (its server reads the address from the connection), ' +
        'or set TRUSTED_PROXY_COUNT to the number of reverse proxies in front of it (on Vercel, VERCEL=1 is set for you)',
    );
  }

  if (problems.length > 0 || trustedProxyCount === null || authClientLimitFactor === null || applicationSiteCap === null) {
    throw new Error(`Server configuration is incomplete (see .env.example):\n- ${problems.join('\n- ')}`);
  }
  return {
    rateLimitSecret: secret,
    withdrawLinkSecrets,
    trustedProxyCount,
    onVercel,
    socketAddressHeader,
    authClientLimitFactor,
    applicationSiteCap,
  };
}

// Module state on purpose: configuration does not change while the process runs, so it is
// checked once, and a broken configuration fails the first request that needs it, loudly.
let cached: ServerEnv | undefined;

export function getServerEnv(): ServerEnv {
  cached ??= readServerEnv(process.env, getSupabasePublicEnv().url);
  return cached;
}
