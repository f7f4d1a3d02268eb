import type { Context, Hono } from 'hono';
import { z } from 'zod';

import type { Queryable } from '../../db/database';
import { readAuthBody } from '../../http/body';
import { AuthApiError } from '../../http/errors';
import { renderEmail } from '../../mail/templates';
import { FailureCounter } from '../attempts';
import type { AuthContext } from '../context';
import { emailProblem, validateEmail } from '../email';
import { confirmEmailChange } from '../email-change';
import { clientInfo } from '../guards';
import { MAX_OTP_FAILURES, OTP_LIFETIME_MS, newOtp, secondsUntilAllowed, tokenHash } from '../otp';
import { TokenBucketLimiter } from '../rate-limit';
import { safeRedirect } from '../redirects';
import { createSession, tokenResponse } from '../sessions';
import { findUserByEmail, isBanned, type UserRow } from '../users';

const recoverBody = z.object({
  email: z.string().optional(),
  code_challenge: z.string().optional(),
  code_challenge_method: z.string().optional(),
});

const verifyBody = z.object({
  type: z.string().optional(),
  token: z.string().optional(),
  token_hash: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  redirect_to: z.string().optional(),
});

const EMAIL_TYPES = new Set(['signup', 'invite', 'recovery', 'magiclink', 'email']);
const ALL_TYPES = new Set([...EMAIL_TYPES, 'email_change', 'sms', 'phone_change']);

function otpExpired(): AuthApiError {
  return new AuthApiError(403, 'otp_expired', 'Token has expired or is invalid');
}

const rateLimited = (): AuthApiError => new AuthApiError(429, 'over_request_rate_limit', 'Request rate limit reached');

/** The account an e-mail code is checked against: its address, or the one it is changing to. */
async function otpOwner(q: Queryable, email: string, type: string): Promise<string | undefined> {
  const found = await q.query<{ id: string }>(
    type === 'email_change'
      ? `select id from auth.users where lower(email) = $1 or lower(email_change) = $1 limit 1`
      : `select id from auth.users where lower(email) = $1 and is_sso_user = false limit 1`,
    [email],
  );
  return found.rows[0]?.id;
}

/** Makes every outstanding e-mail code and link of the account worthless. */
async function burnEmailTokens(q: Queryable, userId: string): Promise<void> {
  await q.query(
    `update auth.users set recovery_token = '', confirmation_token = '', email_change_token_new = '',
       email_change_token_current = '', updated_at = now() where id = $1`,
    [userId],
  );
}

/** Finds the user an e-mail OTP hash belongs to, if it is still valid for the given type. */
async function userForHash(q: Queryable, type: string, hash: string): Promise<UserRow | undefined> {
  const column = type === 'signup' || type === 'invite' ? 'confirmation_token' : 'recovery_token';
  const sentAt = column === 'confirmation_token' ? 'confirmation_sent_at' : 'recovery_sent_at';
  const found = await q.query<{ id: string; sent_at: Date | null; email: string }>(
    `select id, ${sentAt} as sent_at, email from auth.users where ${column} = $1 and $1 <> ''`,
    [hash],
  );
  const row = found.rows[0];
  if (row === undefined || row.sent_at === null || Date.now() - row.sent_at.getTime() > OTP_LIFETIME_MS) return undefined;
  return findUserByEmail(q, row.email);
}

/** Consumes the OTP, confirms the address it proved, and starts an `otp` session. */
async function completeVerification(q: Queryable, c: Context, user: UserRow) {
  if (isBanned(user)) throw new AuthApiError(403, 'user_banned', 'User is banned');
  await q.query(
    `update auth.users set recovery_token = '', confirmation_token = '', updated_at = now(),
       email_confirmed_at = coalesce(email_confirmed_at, now()),
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb
     where id = $1`,
    [user.id],
  );
  await q.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [user.id],
  );
  const { sessionId, refreshToken } = await createSession(q, user, 'otp', clientInfo(c));
  return { sessionId, refreshToken };
}

export function registerRecoveryRoutes(app: Hono, ctx: AuthContext): void {
  // RATE_LIMIT_VERIFY: one bucket per client IP for both forms of /verify, as GoTrue mounts it.
  const limit = ctx.config.verifyRateLimit;
  const verifyLimiter = limit === undefined ? undefined : new TokenBucketLimiter(limit.perFiveMinutes, 5 * 60_000, limit.burst);
  const checkVerifyLimit = (c: Context) => {
    if (verifyLimiter !== undefined && !verifyLimiter.take(clientInfo(c).ip)) throw rateLimited();
  };
  // Wrong e-mail codes per account; the window is the codes' own lifetime.
  const otpFailures = new FailureCounter(MAX_OTP_FAILURES, OTP_LIFETIME_MS);

  app.post('/recover', async (c) => {
    const body = await readAuthBody(c, recoverBody);
    if ((body.email ?? '') === '') throw new AuthApiError(400, 'validation_failed', 'Password recovery requires an email');
    const email = validateEmail(body.email ?? '');
    const redirectTo = safeRedirect(ctx.config, c.req.query('redirect_to'));
    const publicUrl = new URL(c.req.url).origin;
    await ctx.db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, email);
      // The answer is the same for unknown addresses, so it cannot be used to probe for accounts.
      if (user === undefined || user.email === null) return;
      const wait = secondsUntilAllowed(user.recovery_sent_at);
      if (wait > 0) {
        throw new AuthApiError(
          429,
          'over_email_send_rate_limit',
          `For security purposes, you can only request this after ${wait} seconds.`,
        );
      }
      const otp = newOtp();
      const hash = tokenHash(user.email.toLowerCase(), otp);
      await tx.query('update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1', [user.id, hash]);
      if (body.code_challenge !== undefined && body.code_challenge !== '') {
        await tx.query(
          `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
             created_at, updated_at, authentication_method)
           values (gen_random_uuid(), $1, gen_random_uuid()::text, $2, $3, 'recovery', now(), now(), 'recovery')`,
          [user.id, (body.code_challenge_method ?? 'plain').toLowerCase(), body.code_challenge],
        );
      }
      const verifyLink = `${publicUrl}/auth/v1/verify?${new URLSearchParams({ token: hash, type: 'recovery', redirect_to: redirectTo })}`;
      const { link, ...mail } = renderEmail('recovery', {
        SiteURL: ctx.config.siteUrl,
        RedirectTo: redirectTo,
        Email: user.email,
        Token: otp,
        TokenHash: hash,
      });
      await ctx.inbox.deliver(tx, {
        to: user.email,
        ...mail,
        links: [link, verifyLink],
      });
    });
    return c.json({});
  });

  /** Redeems a token hash of `type` in one transaction; the session, or the half-done e-mail change. */
  const verifyHash = (c: Context, type: string, hash: string) =>
    ctx.db.transaction(async (tx) => {
      if (type === 'email_change') {
        const outcome = await confirmEmailChange(tx, hash);
        if (outcome === undefined) throw otpExpired();
        if (outcome.kind === 'pending') {
          return { msg: 'Confirmation link accepted. Please proceed to confirm link sent to the other email', code: '200' };
        }
        const { sessionId, refreshToken } = await createSession(tx, outcome.user, 'otp', clientInfo(c));
        return tokenResponse(tx, ctx, outcome.user.id, sessionId, refreshToken);
      }
      const user = await userForHash(tx, type, hash);
      if (user === undefined) throw otpExpired();
      const { sessionId, refreshToken } = await completeVerification(tx, c, user);
      return tokenResponse(tx, ctx, user.id, sessionId, refreshToken);
    });

  app.post('/verify', async (c) => {
    checkVerifyLimit(c);
    const body = await readAuthBody(c, verifyBody);
    const type = body.type ?? '';
    const hasToken = body.token !== undefined && body.token !== '';
    const hasHash = body.token_hash !== undefined && body.token_hash !== '';
    if (!hasToken && !hasHash) throw new AuthApiError(400, 'validation_failed', 'Verify requires either a token or a token hash');
    if (!ALL_TYPES.has(type)) throw new AuthApiError(400, 'validation_failed', `Unsupported verification type`);
    if (hasHash && (body.email !== undefined || body.phone !== undefined)) {
      throw new AuthApiError(400, 'validation_failed', 'Only the token_hash and type should be provided');
    }
    if (!EMAIL_TYPES.has(type) && type !== 'email_change') throw otpExpired();
    let hash = body.token_hash ?? '';
    // With an address the guesses can be pinned to an account and counted; a token_hash cannot
    // (it could belong to anyone), so only the per-client limit above applies to those.
    let owner: string | undefined;
    if (!hasHash) {
      const given = body.email ?? '';
      if (given === '')
        throw new AuthApiError(400, 'validation_failed', 'Only an email address or phone number should be provided on verify');
      if (emailProblem(given) !== undefined) throw new AuthApiError(422, 'validation_failed', 'Invalid email format');
      const email = given.toLowerCase();
      hash = tokenHash(email, body.token ?? '');
      owner = await otpOwner(ctx.db, email, type);
      if (owner !== undefined && !otpFailures.tryAttempt(owner)) throw otpExpired();
    }
    try {
      const response = await verifyHash(c, type, hash);
      if (owner !== undefined) otpFailures.succeeded(owner);
      return c.json(response);
    } catch (error) {
      if (owner !== undefined && otpFailures.count(owner) >= MAX_OTP_FAILURES) await burnEmailTokens(ctx.db, owner);
      throw error;
    }
  });

  // The link GoTrue puts in `{{ .ConfirmationURL }}`: verify, then redirect with a PKCE code or tokens.
  app.get('/verify', async (c) => {
    checkVerifyLimit(c);
    const type = c.req.query('type') ?? '';
    const token = c.req.query('token') ?? '';
    const redirectTo = safeRedirect(ctx.config, c.req.query('redirect_to'));
    const target = new URL(redirectTo);
    try {
      if (!EMAIL_TYPES.has(type) || token === '') throw otpExpired();
      const fragment = await ctx.db.transaction(async (tx) => {
        const user = await userForHash(tx, type, token);
        if (user === undefined) throw otpExpired();
        const flow = await tx.query<{ auth_code: string }>(
          `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
           where id = (select id from auth.flow_state where user_id = $1 and auth_code_issued_at is null
                       order by created_at desc limit 1)
           returning auth_code`,
          [user.id],
        );
        const pkce = flow.rows[0];
        if (pkce !== undefined) {
          await tx.query(`update auth.users set recovery_token = '', confirmation_token = '' where id = $1`, [user.id]);
          target.searchParams.set('code', pkce.auth_code);
          return undefined;
        }
        const { sessionId, refreshToken } = await completeVerification(tx, c, user);
        const session = await tokenResponse(tx, ctx, user.id, sessionId, refreshToken);
        return new URLSearchParams({
          access_token: String(session.access_token),
          expires_at: String(session.expires_at),
          expires_in: String(session.expires_in),
          refresh_token: refreshToken,
          token_type: 'bearer',
          type,
        }).toString();
      });
      if (fragment !== undefined) target.hash = fragment;
    } catch (error) {
      if (!(error instanceof AuthApiError)) throw error;
      target.hash = new URLSearchParams({
        error: 'access_denied',
        error_code: error.code,
        error_description: 'Email link is invalid or has expired',
      }).toString();
    }
    return c.redirect(target.toString(), 303);
  });
}
