import { createHash, randomBytes } from 'node:crypto';

import type { SupabaseClient } from '@supabase/supabase-js';

import type { Database } from '../supabase/database.types';

/*
 * Staff enrolment links (no trust on first use): a staff account links its authenticator only
 * with a single-use token the firm issued, valid for a day. The database stores the token's
 * SHA-256, never the token. Free of server-only imports: `npm run users` issues links too.
 */

/** How long a link stays valid; the table refuses anything longer than a day. */
export const ENROLMENT_LINK_HOURS = 24;

/** 32 random bytes, base64url: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newEnrolmentToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Whether a value has the shape of one of our tokens (anything else is refused unhashed). */
export function isEnrolmentToken(value: unknown): value is string {
  return typeof value === 'string' && TOKEN_PATTERN.test(value);
}

export function hashEnrolmentToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The link to hand to the staff member; the site trades its token for a cookie on arrival. */
export function enrolmentLink(siteUrl: string, token: string, locale: 'nl' | 'en' = 'nl'): string {
  const url = new URL(`${locale === 'nl' ? '' : `/${locale}`}/account/enrol`, siteUrl);
  url.searchParams.set('token', token);
  return url.href;
}

/**
 * Issues a link with the service role (the CLI, test set-up): earlier unused links of the account
 * stop working. Returns the token, to be shown once.
 */
export async function issueEnrolmentWithServiceRole(
  admin: SupabaseClient<Database>,
  userId: string,
  now: Date = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = newEnrolmentToken();
  const expiresAt = new Date(now.getTime() + ENROLMENT_LINK_HOURS * 3_600_000);
  const cleared = await admin.from('staff_enrolments').delete().eq('user_id', userId).is('used_at', null);
  if (cleared.error !== null) throw cleared.error;
  const { error } = await admin.from('staff_enrolments').insert({
    user_id: userId,
    token_hash: hashEnrolmentToken(token),
    created_at: now.toISOString(),
    expires_at: expiresAt.toISOString(),
  });
  if (error !== null) throw error;
  return { token, expiresAt };
}
