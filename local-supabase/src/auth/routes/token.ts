import { createHash } from 'node:crypto';

import type { Hono } from 'hono';
import { z } from 'zod';

import { readAuthBody } from '../../http/body';
import { AuthApiError, OAuthError } from '../../http/errors';
import type { AuthContext } from '../context';
import { MAX_EMAIL_LENGTH } from '../email';
import { flowStateExpired, type FlowStateRow } from '../flow-state';
import { clientInfo } from '../guards';
import { passwordMatches, passwordTooLong, passwordWeakness } from '../passwords';
import { TokenBucketLimiter } from '../rate-limit';
import { createSession, forgetExpiredSessions, refreshGrant, tokenResponse, type AmrMethod } from '../sessions';
import { findUserByEmail, findUserById, isBanned } from '../users';

const passwordBody = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  password: z.string().optional(),
});
const refreshBody = z.object({ refresh_token: z.string().optional() });
const pkceBody = z.object({ auth_code: z.string().optional(), code_verifier: z.string().optional() });

async function passwordGrant(ctx: AuthContext, body: z.infer<typeof passwordBody>, client: ReturnType<typeof clientInfo>) {
  const email = body.email?.trim() ?? '';
  const phone = body.phone?.trim() ?? '';
  if ((email === '') === (phone === '')) {
    throw new AuthApiError(400, 'validation_failed', 'Only an email address or phone number should be provided on login.');
  }
  if (phone !== '') throw new AuthApiError(422, 'phone_provider_disabled', 'Phone logins are disabled');
  const password = body.password ?? '';
  // GoTrue looks any text up; no account has an address over MAX_EMAIL_LENGTH, and bcrypt would
  // compare only the first 72 bytes of a longer password, so neither can ever sign in. The
  // dummy compare still runs, so these answers take as long as any wrong password.
  const possible = email.length <= MAX_EMAIL_LENGTH && !passwordTooLong(password);
  const user = possible ? await findUserByEmail(ctx.db, email) : undefined;
  const matches = await passwordMatches(password, user?.encrypted_password ?? null);
  if (user === undefined || password === '' || !matches) {
    throw new AuthApiError(400, 'invalid_credentials', 'Invalid login credentials');
  }
  if (isBanned(user)) throw new AuthApiError(400, 'user_banned', 'User is banned');
  if (user.email_confirmed_at === null) throw new AuthApiError(400, 'email_not_confirmed', 'Email not confirmed');
  const weakness = passwordWeakness(password);
  return ctx.db.transaction(async (tx) => {
    const { sessionId, refreshToken } = await createSession(tx, user, 'password', client);
    return tokenResponse(tx, ctx, user.id, sessionId, refreshToken, weakness === undefined ? {} : { weak_password: weakness });
  });
}

async function refreshTokenGrant(ctx: AuthContext, body: z.infer<typeof refreshBody>) {
  const presented = body.refresh_token ?? '';
  if (presented === '') throw new OAuthError('invalid_request', 'refresh_token required');
  const result = await ctx.db.transaction((tx) => refreshGrant(tx, ctx, presented));
  if (result instanceof AuthApiError) throw result;
  return result;
}

function challengeMatches(method: string, challenge: string, verifier: string): boolean {
  if (method === 's256') return createHash('sha256').update(verifier).digest('base64url') === challenge;
  return verifier === challenge;
}

/** Exchanges a PKCE auth code (issued by GET /verify or the OAuth /callback) for a session (contract §7). */
async function pkceGrant(ctx: AuthContext, body: z.infer<typeof pkceBody>, client: ReturnType<typeof clientInfo>) {
  const authCode = body.auth_code ?? '';
  const verifier = body.code_verifier ?? '';
  if (authCode === '' || verifier === '') {
    throw new AuthApiError(400, 'validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
  }
  return ctx.db.transaction(async (tx) => {
    const found = await tx.query<FlowStateRow>('select * from auth.flow_state where auth_code = $1', [authCode]);
    const flow = found.rows[0];
    if (flow === undefined || flow.user_id === null) {
      throw new AuthApiError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
    }
    if (flowStateExpired(flow)) {
      throw new AuthApiError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
    }
    if (!challengeMatches(flow.code_challenge_method ?? '', flow.code_challenge ?? '', verifier)) {
      throw new AuthApiError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier');
    }
    const user = await findUserById(tx, flow.user_id);
    if (user === undefined) throw new AuthApiError(404, 'user_not_found', 'User not found');
    if (isBanned(user)) throw new AuthApiError(400, 'user_banned', 'User is banned');
    await tx.query('delete from auth.flow_state where id = $1', [flow.id]);
    const { sessionId, refreshToken } = await createSession(tx, user, flow.authentication_method as AmrMethod, client);
    // GoTrue hands the provider's tokens over with the session (omitted when empty, as for recovery).
    const providerTokens = {
      ...(flow.provider_access_token ? { provider_token: flow.provider_access_token } : {}),
      ...(flow.provider_refresh_token ? { provider_refresh_token: flow.provider_refresh_token } : {}),
    };
    return tokenResponse(tx, ctx, user.id, sessionId, refreshToken, providerTokens);
  });
}

export function registerTokenRoutes(app: Hono, ctx: AuthContext): void {
  const limit = ctx.config.tokenRateLimit;
  const limiter = limit === undefined ? undefined : new TokenBucketLimiter(limit.perFiveMinutes, 5 * 60_000, limit.burst);
  app.post('/token', async (c) => {
    const client = clientInfo(c);
    if (limiter !== undefined && !limiter.take(client.ip))
      throw new AuthApiError(429, 'over_request_rate_limit', 'Request rate limit reached');
    const grantType = c.req.query('grant_type');
    // Expired sessions are swept after the grant, so that refreshing one is answered
    // session_expired rather than finding its token already gone.
    try {
      switch (grantType) {
        case 'password':
          return c.json(await passwordGrant(ctx, await readAuthBody(c, passwordBody), client));
        case 'refresh_token':
          return c.json(await refreshTokenGrant(ctx, await readAuthBody(c, refreshBody)));
        case 'pkce':
          return c.json(await pkceGrant(ctx, await readAuthBody(c, pkceBody), client));
        default:
          throw new AuthApiError(400, 'invalid_credentials', 'unsupported_grant_type');
      }
    } finally {
      await forgetExpiredSessions(ctx.db, ctx.config);
    }
  });
}
