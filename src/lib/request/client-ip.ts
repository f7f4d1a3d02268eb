import 'server-only';

import { headers } from 'next/headers';

import { rateLimitKey } from '@/lib/rate-limit';
import { getServerEnv } from '@/lib/supabase/server-env';

import { addressBucket, trustedClientAddress } from './forwarded';

/**
 * The bucket of every request whose address cannot be trusted (no proxy configured, or a
 * header that does not fit the configured chain). Failing safe: such requests share one
 * limit instead of each naming its own. Callers may give this bucket a larger limit.
 */
export const SHARED_CLIENT_KEY = 'shared';

/**
 * A stable key for the visitor's address, for rate limiting: an HMAC under the server's
 * secret, so neither the database nor its backups hold addresses, and a stored key cannot
 * be reversed by hashing all 2^32 IPv4 addresses. See ./forwarded.ts for which header is
 * trusted (TRUSTED_PROXY_COUNT, VERCEL).
 */
export async function clientIpKey(): Promise<string> {
  const env = getServerEnv();
  const address = trustedClientAddress(await headers(), env);
  return address === null ? SHARED_CLIENT_KEY : rateLimitKey('ip', addressBucket(address));
}
