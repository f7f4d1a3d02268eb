import type { AuthContext } from './context';
import { OTP_LIFETIME_MS, newOtp, secondsUntilAllowed, tokenHash } from './otp';
import { findUserByEmail, type UserRow } from './users';
import type { Queryable } from '../db/database';
import { AuthApiError } from '../http/errors';
import { renderEmail } from '../mail/templates';

/**
 * `PUT /user {email}` with secure e-mail change (GoTrue's default): both the current and the new
 * address get a link, and the address changes once both are confirmed. `email` has passed
 * validateEmail.
 */
export async function requestEmailChange(q: Queryable, ctx: AuthContext, user: UserRow, email: string, redirectTo: string): Promise<void> {
  const existing = await findUserByEmail(q, email);
  if (existing !== undefined && existing.id !== user.id) {
    throw new AuthApiError(422, 'email_exists', 'A user with this email address has already been registered');
  }
  const wait = secondsUntilAllowed(user.email_change_sent_at);
  if (wait > 0) {
    throw new AuthApiError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${wait} seconds.`);
  }
  const current = (user.email ?? '').toLowerCase();
  const otpNew = newOtp();
  const otpCurrent = newOtp();
  const hashNew = tokenHash(email, otpNew);
  const hashCurrent = tokenHash(current, otpCurrent);
  await q.query(
    `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
       email_change_sent_at = now(), email_change_confirm_status = 0, updated_at = now() where id = $1`,
    [user.id, email, hashNew, hashCurrent],
  );
  for (const [to, hash, otp] of [
    [email, hashNew, otpNew],
    [current, hashCurrent, otpCurrent],
  ] as const) {
    const { link, ...mail } = renderEmail('email_change', {
      SiteURL: ctx.config.siteUrl,
      RedirectTo: redirectTo,
      Email: current,
      NewEmail: email,
      Token: otp,
      TokenHash: hash,
    });
    await ctx.inbox.deliver(q, {
      to,
      ...mail,
      links: [link],
    });
  }
}

export type EmailChangeOutcome = { kind: 'pending' } | { kind: 'changed'; user: UserRow };

/** `POST /verify {type: "email_change", token_hash}`: one half, or the completing one. */
export async function confirmEmailChange(q: Queryable, hash: string): Promise<EmailChangeOutcome | undefined> {
  const found = await q.query<{ id: string; token_new: string; token_current: string; sent_at: Date | null }>(
    `select id, email_change_token_new as token_new, email_change_token_current as token_current, email_change_sent_at as sent_at
     from auth.users where $1 <> '' and (email_change_token_new = $1 or email_change_token_current = $1)`,
    [hash],
  );
  const row = found.rows[0];
  if (row === undefined || row.sent_at === null || Date.now() - row.sent_at.getTime() > OTP_LIFETIME_MS) return undefined;
  const otherPending = row.token_new === hash ? row.token_current !== '' : row.token_new !== '';
  if (otherPending) {
    const column = row.token_new === hash ? 'email_change_token_new' : 'email_change_token_current';
    await q.query(`update auth.users set ${column} = '', email_change_confirm_status = 1, updated_at = now() where id = $1`, [row.id]);
    return { kind: 'pending' };
  }
  const changed = await q.query<{ email: string }>(
    `update auth.users set email = email_change, email_change = '', email_change_token_new = '', email_change_token_current = '',
       email_change_confirm_status = 0, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
     where id = $1 returning email`,
    [row.id],
  );
  const email = changed.rows[0]?.email ?? '';
  await q.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [row.id, email],
  );
  const user = await findUserByEmail(q, email);
  return user === undefined ? undefined : { kind: 'changed', user };
}
