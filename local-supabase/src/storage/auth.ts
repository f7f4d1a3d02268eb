import type { Context } from 'hono';

import type { ApiRole, Caller } from './db';
import { ERRORS } from './errors';
import { TokenExpiredError, type SigningKeys } from '../auth/signing-keys';

const API_ROLES = new Set<string>(['anon', 'authenticated', 'service_role']);

export const ANONYMOUS: Caller = { role: 'anon', claims: { role: 'anon' }, jwt: '', owner: undefined, isAuthenticated: false };

/** jose's message for an expired token, which Storage passes through. */
const EXPIRED_MESSAGE = '"exp" claim timestamp check failed';

export async function verifyToken(keys: SigningKeys, token: string): Promise<Record<string, unknown>> {
  try {
    return (await keys.verify(token)) as Record<string, unknown>;
  } catch (error) {
    throw ERRORS.AccessDenied(error instanceof TokenExpiredError ? EXPIRED_MESSAGE : (error as Error).message);
  }
}

/**
 * Storage's JWT plugin (src/http/plugins/jwt.ts). Storage does not look at the `apikey`
 * header; it verifies the Bearer token, which supabase-js fills with the anon key when nobody
 * is signed in. Routes marked `allowInvalidJwt` (downloads by bucket and path) fall back to an
 * unauthenticated anon caller instead of refusing.
 */
export async function authenticate(c: Context, keys: SigningKeys, options: { allowInvalidJwt?: boolean } = {}): Promise<Caller> {
  const header = c.req.header('authorization');
  if (header === undefined && options.allowInvalidJwt !== true) {
    // Storage's route schemas require the header, so its absence is a validation error.
    throw ERRORS.Validation("headers must have required property 'authorization'");
  }
  const jwt = (header ?? '').replace(/^Bearer\s+/i, '');
  if (jwt === '' && options.allowInvalidJwt === true) return ANONYMOUS;
  let claims: Record<string, unknown>;
  try {
    claims = await verifyToken(keys, jwt);
  } catch (error) {
    if (options.allowInvalidJwt === true) return ANONYMOUS;
    throw error;
  }
  const role = typeof claims.role === 'string' ? claims.role : 'anon';
  // Storage would switch to any role the token names; only the API roles exist here.
  if (!API_ROLES.has(role)) throw ERRORS.AccessDenied('Access denied: Invalid role', 403);
  return {
    role: role as ApiRole,
    claims,
    jwt,
    owner: typeof claims.sub === 'string' ? claims.sub : undefined,
    isAuthenticated: true,
  };
}
