import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { JWTPayload } from 'jose';

import type { AuthContext } from './context';
import { TokenExpiredError } from './signing-keys';
import { findUserById, isBanned, isUuid, type UserRow } from './users';
import { AuthApiError } from '../http/errors';

const BEARER = /^bearer (\S+)$/i;

export interface Caller {
  user: UserRow;
  claims: JWTPayload & Record<string, unknown>;
  sessionId: string | undefined;
}

export function clientInfo(c: Context): { ip: string; userAgent: string | undefined } {
  return { ip: getConnInfo(c).remote.address ?? '127.0.0.1', userAgent: c.req.header('user-agent') };
}

/** GoTrue's `requireAuthentication`: a Bearer token verified with the configured keys. */
async function verifiedClaims(c: Context, ctx: AuthContext): Promise<JWTPayload & Record<string, unknown>> {
  const match = BEARER.exec(c.req.header('authorization') ?? '');
  const token = match?.[1];
  if (token === undefined) throw new AuthApiError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  try {
    return (await ctx.keys.verify(token)) as JWTPayload & Record<string, unknown>;
  } catch (error) {
    const reason = error instanceof TokenExpiredError ? 'token has invalid claims: token is expired' : 'signature is invalid';
    throw new AuthApiError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
  }
}

/** Loads the user and session a user token names; the session check makes logout effective at once. */
export async function requireUser(c: Context, ctx: AuthContext): Promise<Caller> {
  const claims = await verifiedClaims(c, ctx);
  if (typeof claims.sub !== 'string' || claims.sub === '') {
    throw new AuthApiError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  }
  if (!isUuid(claims.sub)) throw new AuthApiError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(ctx.db, claims.sub);
  if (user === undefined) throw new AuthApiError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  const sessionId = typeof claims.session_id === 'string' && claims.session_id !== '' ? claims.session_id : undefined;
  if (sessionId !== undefined) {
    const session = isUuid(sessionId)
      ? await ctx.db.query('select 1 from auth.sessions where id = $1 and user_id = $2', [sessionId, user.id])
      : { rows: [] };
    if (session.rows.length === 0) {
      throw new AuthApiError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    }
  }
  if (isBanned(user)) throw new AuthApiError(403, 'user_banned', 'User is banned');
  return { user, claims, sessionId };
}

const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);

/** GoTrue's `requireAdminCredentials`: any verified token whose role is an admin role. */
export async function requireAdmin(c: Context, ctx: AuthContext): Promise<void> {
  const claims = await verifiedClaims(c, ctx);
  if (typeof claims.role !== 'string' || !ADMIN_ROLES.has(claims.role)) {
    throw new AuthApiError(403, 'not_admin', 'User not allowed');
  }
}

/** The caller's current assurance level, read from the token like GoTrue does. */
export function callerAal(caller: Caller): string {
  return caller.claims.aal === 'aal2' ? 'aal2' : 'aal1';
}
