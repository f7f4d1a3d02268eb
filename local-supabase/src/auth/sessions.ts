import { randomInt } from 'node:crypto';

import type { AuthContext } from './context';
import { findUserById, isBanned, userJson, type UserRow } from './users';
import type { Queryable } from '../db/database';
import { AuthApiError } from '../http/errors';

export type AmrMethod = 'password' | 'otp' | 'totp' | 'mfa/phone' | 'recovery' | 'magiclink' | 'email/signup' | 'oauth';

interface SessionRow {
  id: string;
  user_id: string;
  aal: string | null;
  not_after: Date | null;
  created_at: Date;
  refreshed_at: Date | null;
}

const REFRESH_TOKEN_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** GoTrue's legacy (v1) refresh token: 12 random lower-case alphanumerics (contract §2.3). */
function newRefreshToken(): string {
  let token = '';
  for (let i = 0; i < 12; i += 1) token += REFRESH_TOKEN_ALPHABET[randomInt(REFRESH_TOKEN_ALPHABET.length)];
  return token;
}

async function insertRefreshToken(q: Queryable, userId: string, sessionId: string, parent: string | null): Promise<string> {
  const token = newRefreshToken();
  await q.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [token, userId, parent, sessionId],
  );
  return token;
}

/** Starts a session the way a successful sign-in does, returning its first refresh token. */
export async function createSession(
  q: Queryable,
  user: UserRow,
  method: AmrMethod,
  client: { ip: string; userAgent: string | undefined },
): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = crypto.randomUUID();
  await q.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', $3, $4)`,
    [sessionId, user.id, client.userAgent ?? null, client.ip],
  );
  await addAmrClaim(q, sessionId, method);
  await q.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [user.id]);
  await q.query(`update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'`, [user.id]);
  return { sessionId, refreshToken: await insertRefreshToken(q, user.id, sessionId, null) };
}

export async function addAmrClaim(q: Queryable, sessionId: string, method: AmrMethod): Promise<void> {
  await q.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
     values ($1, now(), now(), $2, gen_random_uuid())
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, method],
  );
}

/** Revokes the session's live tokens and issues a child of the newest one (MFA verify does this). */
export async function rotateSessionTokens(q: Queryable, userId: string, sessionId: string): Promise<string> {
  const live = await q.query<{ token: string }>(
    'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false returning token',
    [sessionId],
  );
  return insertRefreshToken(q, userId, sessionId, live.rows.at(-1)?.token ?? null);
}

const AAL2_METHODS = new Set(['totp', 'mfa/phone', 'mfa/webauthn']);

/** Builds the access token and AccessTokenResponse for a session (contract §2.1, §3). */
export async function tokenResponse(
  q: Queryable,
  ctx: AuthContext,
  userId: string,
  sessionId: string,
  refreshToken: string,
  extra: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const user = await findUserById(q, userId);
  if (user === undefined) throw new AuthApiError(403, 'user_not_found', 'User not found');
  const amrRows = await q.query<{ authentication_method: string; updated_at: Date }>(
    'select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1 order by updated_at desc',
    [sessionId],
  );
  const amr = amrRows.rows.map((row) => ({
    method: row.authentication_method,
    timestamp: Math.floor(row.updated_at.getTime() / 1000),
  }));
  const aal = amr.some((entry) => AAL2_METHODS.has(entry.method)) ? 'aal2' : 'aal1';
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + ctx.config.jwtExpSeconds;
  // Claim order follows GoTrue's AccessTokenClaims; it is visible to anyone decoding the token.
  const accessToken = await ctx.keys.sign({
    iss: ctx.issuer(),
    sub: user.id,
    aud: user.aud ?? 'authenticated',
    exp,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? 'authenticated',
    aal,
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  });
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: ctx.config.jwtExpSeconds,
    expires_at: exp,
    refresh_token: refreshToken,
    user: await userJson(q, user),
    ...extra,
  };
}

/** Keeps `auth.sessions.aal` in step with the AMR claims, for SQL that reads it. */
export async function syncSessionAal(q: Queryable, sessionId: string): Promise<void> {
  await q.query(
    `update auth.sessions set updated_at = now(), aal = case when exists (
       select 1 from auth.mfa_amr_claims where session_id = $1 and authentication_method in ('totp', 'mfa/phone', 'mfa/webauthn')
     ) then 'aal2' else 'aal1' end where id = $1`,
    [sessionId],
  );
}

interface RefreshTokenRow {
  token: string;
  revoked: boolean;
  session_id: string | null;
  user_id: string;
  updated_at: Date;
}

/**
 * The refresh_token grant with rotation and reuse detection (contract §2.3). A revoked token
 * is only accepted when it is the parent of the session's live token (a client retrying a
 * refresh whose answer it lost); it then gets that live token. Any other reuse revokes the
 * whole family, because it means the token leaked.
 *
 * Errors that must still commit (the family revocation) are returned rather than thrown, so
 * the caller can commit the transaction before answering with them.
 */
export async function refreshGrant(q: Queryable, ctx: AuthContext, presented: string): Promise<Record<string, unknown> | AuthApiError> {
  const found = await q.query<RefreshTokenRow>(
    'select token, revoked, session_id, user_id, updated_at from auth.refresh_tokens where token = $1',
    [presented],
  );
  const token = found.rows[0];
  if (token === undefined) {
    throw new AuthApiError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  }
  const session =
    token.session_id === null
      ? undefined
      : (
          await q.query<SessionRow>(
            `select id, user_id, aal, not_after, created_at, refreshed_at at time zone 'UTC' as refreshed_at
             from auth.sessions where id = $1`,
            [token.session_id],
          )
        ).rows[0];
  if (session === undefined) {
    throw new AuthApiError(400, 'session_not_found', 'Invalid Refresh Token: No Valid Session Found');
  }
  if (session.not_after !== null && session.not_after <= new Date()) {
    throw new AuthApiError(400, 'session_expired', 'Invalid Refresh Token: Session Expired (Revoked by Newer Login)');
  }
  // GoTrue's Session.CheckValidity: past the timebox, or unrefreshed for longer than the
  // inactivity timeout (counted from the last refresh, else from when this token was issued).
  const { sessionTimeboxSeconds: timebox, sessionInactivitySeconds: inactivity } = ctx.config;
  const now = Date.now();
  if (timebox > 0 && now > session.created_at.getTime() + timebox * 1000) {
    await q.query('delete from auth.sessions where id = $1', [session.id]);
    return new AuthApiError(400, 'session_expired', 'Invalid Refresh Token: Session Expired');
  }
  const lastActive = session.refreshed_at ?? token.updated_at;
  if (inactivity > 0 && now > lastActive.getTime() + inactivity * 1000) {
    await q.query('delete from auth.sessions where id = $1', [session.id]);
    return new AuthApiError(400, 'session_expired', 'Invalid Refresh Token: Session Expired (Inactivity)');
  }
  const user = await findUserById(q, session.user_id);
  if (user === undefined) throw new AuthApiError(400, 'session_not_found', 'Invalid Refresh Token: No Valid Session Found');
  if (isBanned(user)) throw new AuthApiError(400, 'user_banned', 'User is banned');

  if (token.revoked) {
    const child = await q.query<{ token: string }>(
      'select token from auth.refresh_tokens where session_id = $1 and parent = $2 and revoked = false',
      [session.id, token.token],
    );
    const active = child.rows[0];
    if (active === undefined) {
      await q.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1', [session.id]);
      return new AuthApiError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    }
    return tokenResponse(q, ctx, user.id, session.id, active.token);
  }

  await q.query('update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1', [token.token]);
  const next = await insertRefreshToken(q, user.id, session.id, token.token);
  await q.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [session.id]);
  return tokenResponse(q, ctx, user.id, session.id, next);
}

/**
 * Deletes the sessions (with their refresh tokens and AMR claims, on delete cascade) past the
 * timebox or the inactivity timeout, so a session never ended by signing out does not keep its IP
 * address and browser for ever. Run on each /token request.
 */
export async function forgetExpiredSessions(q: Queryable, config: { sessionTimeboxSeconds: number; sessionInactivitySeconds: number }) {
  const { sessionTimeboxSeconds: timebox, sessionInactivitySeconds: inactivity } = config;
  if (timebox > 0) await q.query(`delete from auth.sessions where created_at < now() - make_interval(secs => $1)`, [timebox]);
  if (inactivity > 0) {
    await q.query(
      `delete from auth.sessions s where coalesce(s.refreshed_at at time zone 'UTC', (
         select max(r.updated_at) from auth.refresh_tokens r where r.session_id = s.id
       ), s.created_at) < now() - make_interval(secs => $1)`,
      [inactivity],
    );
  }
}
