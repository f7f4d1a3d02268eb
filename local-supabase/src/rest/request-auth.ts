import type { Context } from 'hono';

import { PostgrestError } from './errors';
import type { SigningKeys } from '../auth/signing-keys';
import { TokenExpiredError } from '../auth/signing-keys';

/** The roles the `authenticator` login may switch into, as granted in platform.sql. */
const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

export interface RequestAuth {
  role: string;
  claims: Record<string, unknown>;
}

/**
 * PostgREST's JWT handling: no Authorization header means the anon role; otherwise the token
 * must verify and its `role` claim names the database role the request runs as.
 */
export async function authenticate(c: Context, keys: SigningKeys): Promise<RequestAuth> {
  const header = c.req.header('authorization');
  if (header === undefined || header === '') return { role: 'anon', claims: {} };
  const match = /^bearer (\S+)$/i.exec(header);
  const token = match?.[1];
  if (token === undefined) throw new PostgrestError(401, 'PGRST301', 'Expected 3 parts in JWT; got 1');
  let claims: Record<string, unknown>;
  try {
    claims = (await keys.verify(token)) as Record<string, unknown>;
  } catch (error) {
    c.header('WWW-Authenticate', 'Bearer error="invalid_token", error_description="JWT expired"');
    if (error instanceof TokenExpiredError) throw new PostgrestError(401, 'PGRST303', 'JWT expired');
    c.header('WWW-Authenticate', 'Bearer error="invalid_token", error_description="JWSError JWSInvalidSignature"');
    throw new PostgrestError(401, 'PGRST301', 'JWSError JWSInvalidSignature');
  }
  const role = typeof claims.role === 'string' ? claims.role : 'anon';
  if (!API_ROLES.has(role)) throw new PostgrestError(403, '42501', `permission denied to set role "${role}"`);
  return { role, claims };
}
