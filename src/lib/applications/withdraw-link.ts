import 'server-only';

import { cookies } from 'next/headers';

import { withLocale } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routing';
import { siteUrl } from '@/lib/env/public';

import { WITHDRAW_COOKIE, WITHDRAW_COOKIE_MAX_AGE_SECONDS } from './application-fields';
import { readWithdrawToken } from './withdraw-token';

/*
 * The confirmation mail links to /applications/withdraw?token=…, a bearer capability valid for a
 * year. Nothing may render at that address: a page there would load analytics (which report the
 * full URL) and hand the token on in history and Referer headers. The route handler there trades
 * the token for this cookie, scoped to the token-free confirm page and its server action, and
 * answers with a redirect to that page, as /auth/confirm does with e-mailed sign-in links.
 */

export const withdrawConfirmPath = (locale: Locale) => withLocale('/applications/withdraw/confirm', locale);

const secure = siteUrl.startsWith('https://');

const withdrawCookie = (locale: Locale, value: string, maxAge: number) =>
  `${WITHDRAW_COOKIE}=${value}; Path=${withdrawConfirmPath(locale)}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

/**
 * The answer to the mailed link: a 303 to the confirm page, with the token in a cookie when it is
 * one of ours (exactly one copy, signature and expiry checked), or clearing an earlier one.
 */
export async function redeemWithdrawLink(query: URLSearchParams, locale: Locale): Promise<Response> {
  const tokens = query.getAll('token');
  const token = tokens.length === 1 ? tokens[0] : undefined;
  const valid = token !== undefined && (await readWithdrawToken(token)) !== null;
  const headers = new Headers({
    Location: withdrawConfirmPath(locale),
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    'Set-Cookie': valid ? withdrawCookie(locale, token, WITHDRAW_COOKIE_MAX_AGE_SECONDS) : withdrawCookie(locale, '', 0),
  });
  return new Response(null, { status: 303, headers });
}

/** The token this browser redeemed, if any (the confirm page and its action). */
export async function redeemedWithdrawToken(): Promise<string | undefined> {
  return (await cookies()).get(WITHDRAW_COOKIE)?.value;
}
