import 'server-only';

import { headers } from 'next/headers';

import { getServerEnv } from '@/lib/env/server';
import { rateLimitKey } from '@/lib/rate-limit';

import { addressBucket, trustedClientAddress } from './forwarded';

/**
 * The bucket of a request whose address cannot be trusted. A production server refuses to start
 * without a trustworthy source (src/lib/env/server.ts), so in production only a request that skipped the
 * configured proxies lands here, and that is logged.
 * In development every request is the developer's.
 */
export const SHARED_CLIENT_KEY = 'shared';

let warned = false;

/**
 * A stable key for the visitor's address, for rate limiting: an HMAC under the server's
 * secret, so neither the database nor its backups hold addresses, and a stored key cannot
 * be reversed by hashing all 2^32 IPv4 addresses. See ./forwarded.ts for which source is
 * trusted (TRUSTED_PROXY_COUNT, VERCEL).
 */
export async function clientIpKey(): Promise<string> {
  const env = getServerEnv();
  const address = trustedClientAddress(await headers(), env);
  if (address !== null) return rateLimitKey('ip', addressBucket(address));
  if (process.env.NODE_ENV === 'production' && !warned) {
    warned = true;
    console.warn(
      `[client-address] a request carried no address from a trusted source (TRUSTED_PROXY_COUNT=${env.trustedProxyCount}); ` +
        'such requests share one rate limit. Check that every request passes the configured proxies.',
    );
  }
  return SHARED_CLIENT_KEY;
}
