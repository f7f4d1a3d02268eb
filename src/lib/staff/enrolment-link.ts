import 'server-only';

import type { SupabaseClient } from '@supabase/supabase-js';
import { cookies } from 'next/headers';

import { withLocale } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routing';
import { siteUrl } from '@/lib/env/public';
import type { Database } from '@/lib/supabase/database.types';

import { hashEnrolmentToken, isEnrolmentToken } from './enrolment-token';

/*
 * A staff enrolment link (/account/enrol?token=…) is a bearer secret for a day. Nothing renders
 * at that address: the route handler there trades the token for this HttpOnly cookie, scoped to
 * the account page and its server actions, and redirects to the token-free account page, as the
 * withdraw link and /auth/confirm do. Signing in on the way keeps the cookie; the sign-in page
 * never sees the token.
 */

/** Where on the account page staff who have not linked their authenticator are told how. */
export const STAFF_MFA_ANCHOR = 'staff-two-factor';

export const ENROLMENT_COOKIE = 'staff-enrolment';
/** Long enough to sign in and scan a code; the link itself can be opened again while unused. */
export const ENROLMENT_COOKIE_MAX_AGE_SECONDS = 3600;

const secure = siteUrl.startsWith('https://');

const enrolmentCookie = (locale: Locale, value: string, maxAge: number) =>
  `${ENROLMENT_COOKIE}=${value}; Path=${withLocale('/account', locale)}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

/** The answer to the link: a 303 to the account page's two-factor step, the token (exactly one, of our shape) in a cookie. */
export function redeemEnrolmentLink(query: URLSearchParams, locale: Locale): Response {
  const tokens = query.getAll('token');
  const token = tokens.length === 1 && isEnrolmentToken(tokens[0]) ? tokens[0] : undefined;
  const headers = new Headers({
    Location: `${withLocale('/account', locale)}#${STAFF_MFA_ANCHOR}`,
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    'Set-Cookie': token === undefined ? enrolmentCookie(locale, '', 0) : enrolmentCookie(locale, token, ENROLMENT_COOKIE_MAX_AGE_SECONDS),
  });
  return new Response(null, { status: 303, headers });
}

/** The hash of the token this browser redeemed, if it holds one of our shape. */
export async function redeemedEnrolmentHash(): Promise<string | undefined> {
  const token = (await cookies()).get(ENROLMENT_COOKIE)?.value;
  return isEnrolmentToken(token) ? hashEnrolmentToken(token) : undefined;
}

/** Forgets the redeemed token once it is used. */
export async function forgetEnrolmentLink(locale: Locale): Promise<void> {
  (await cookies()).set(ENROLMENT_COOKIE, '', { path: withLocale('/account', locale), maxAge: 0, httpOnly: true, sameSite: 'lax', secure });
}

type Supabase = SupabaseClient<Database>;

/** Whether the signed-in staff member holds an open link of their own in this browser. */
export async function hasOpenEnrolmentLink(supabase: Supabase): Promise<boolean> {
  const hash = await redeemedEnrolmentHash();
  if (hash === undefined) return false;
  const { data, error } = await supabase.rpc('staff_enrolment_open', { token_hash: hash });
  return error === null && data === true;
}

/** Redeems the link with the factor just verified; false when the link is gone, used or expired. */
export async function completeEnrolment(supabase: Supabase, factorId: string): Promise<boolean> {
  const hash = await redeemedEnrolmentHash();
  if (hash === undefined) return false;
  const { data, error } = await supabase.rpc('complete_staff_enrolment', { token_hash: hash, factor_id: factorId });
  return error === null && data === true;
}

/** Records a further app of staff who are enrolled already (aal2); false when refused. */
export async function linkAdditionalFactor(supabase: Supabase, factorId: string): Promise<boolean> {
  const { data, error } = await supabase.rpc('link_additional_staff_factor', { factor_id: factorId });
  return error === null && data === true;
}

/** Whether the signed-in account linked a still-verified factor through an enrolment link. */
export async function staffEnrolmentCompleted(supabase: Supabase): Promise<boolean> {
  const { data, error } = await supabase.rpc('my_staff_enrolment_completed');
  return error === null && data === true;
}

/**
 * How a staff member's new factor will count: through the enrolment link this browser redeemed, or
 * as a further factor of someone enrolled already; null when neither (the password alone).
 */
export async function staffEnrolmentRoute(supabase: Supabase): Promise<'link' | 'additional' | null> {
  if (await hasOpenEnrolmentLink(supabase)) return 'link';
  if (await staffEnrolmentCompleted(supabase)) return 'additional';
  return null;
}

/**
 * Makes a factor just verified count for staff: it redeems the link (which is then forgotten), or is
 * recorded as a further factor. False when the database refused; the factor stays linked but opens nothing.
 */
export async function recordStaffFactor(
  supabase: Supabase,
  factorId: string,
  route: 'link' | 'additional',
  locale: Locale,
): Promise<boolean> {
  if (route === 'additional') return linkAdditionalFactor(supabase, factorId);
  if (!(await completeEnrolment(supabase, factorId))) return false;
  await forgetEnrolmentLink(locale);
  return true;
}
