import 'server-only';

import { randomBytes, timingSafeEqual } from 'node:crypto';

import { cookies } from 'next/headers';

import { siteUrl } from '@/lib/env/public';
import { rateLimitKey } from '@/lib/rate-limit';

import { accountKey } from './throttle';

/*
 * Device tokens ("device cookies", as OWASP describes them against lockout attacks): a
 * browser that signed in to an account with the right password gets a token bound to that
 * account. Its later sign-ins count their failures on their own, so a stranger guessing the
 * password, who has no such token, cannot lock the real user out of a browser they used
 * before. The token holds a random id and an HMAC over id and account; it says nothing
 * about who the user is.
 */

export const DEVICE_COOKIE = 'bitwerf-device';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

function signature(id: string, account: string): string {
  return rateLimitKey('device', `${id}:${account}`);
}

/** A new token for this account: `<id>.<signature>`. */
export function mintDeviceToken(email: string): string {
  const id = randomBytes(18).toString('base64url');
  return `${id}.${signature(id, accountKey(email))}`;
}

/** The token's id when it was issued for this account, else null. */
export function deviceIdFor(token: string | undefined, email: string): string | null {
  if (token === undefined || token.length > 100) return null;
  const [id, given, ...rest] = token.split('.');
  if (rest.length > 0 || !id || !given || !/^[\w-]{24}$/.test(id)) return null;
  const expected = Buffer.from(signature(id, accountKey(email)));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? id : null;
}

/** The device id this browser holds for the account, if any. */
export async function knownDeviceId(email: string): Promise<string | null> {
  return deviceIdFor((await cookies()).get(DEVICE_COOKIE)?.value, email);
}

/** Remembers this browser for the account after a correct password. */
export async function rememberDevice(email: string): Promise<void> {
  (await cookies()).set(DEVICE_COOKIE, mintDeviceToken(email), {
    httpOnly: true,
    sameSite: 'lax',
    secure: siteUrl.startsWith('https://'),
    path: '/',
    maxAge: MAX_AGE_SECONDS,
  });
}
