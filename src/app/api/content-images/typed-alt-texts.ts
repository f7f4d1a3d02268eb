import 'server-only';

import { cookies } from 'next/headers';

import { withLocale } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routing';
import { siteUrl } from '@/lib/env/public';

/*
 * The alt texts typed into a refused upload (WCAG 3.3.7): the route answers with a redirect back to
 * the library, which renders the form anew, so it hands the two texts over in a short-lived
 * HttpOnly cookie of the library's page, as base64url JSON. A successful upload clears it. The file
 * cannot come back this way (browsers empty a file input); the form says it must be chosen again.
 */

export type TypedAltTexts = { altNl: string; altEn: string };

export const TYPED_ALT_COOKIE = 'content-image-alt';
/** Long enough to come back from the redirect; a later visit starts with an empty form. */
const MAX_AGE_SECONDS = 300;
const LIBRARY_PATH = '/account/content/images';
const secure = siteUrl.startsWith('https://');

const cookie = (locale: Locale, value: string, maxAge: number) =>
  `${TYPED_ALT_COOKIE}=${value}; Path=${withLocale(LIBRARY_PATH, locale)}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The Set-Cookie value that keeps what the form held, or clears the cookie when there is nothing to keep. */
export function keepTypedAltTexts(form: FormData | undefined, locale: Locale): string {
  const typed: TypedAltTexts = { altNl: text(form?.get('altNl')), altEn: text(form?.get('altEn')) };
  if (typed.altNl === '' && typed.altEn === '') return forgetTypedAltTexts(locale);
  return cookie(locale, Buffer.from(JSON.stringify(typed)).toString('base64url'), MAX_AGE_SECONDS);
}

export const forgetTypedAltTexts = (locale: Locale): string => cookie(locale, '', 0);

/** The alt texts of the last refused upload in this browser, if any. */
export async function typedAltTexts(): Promise<TypedAltTexts | undefined> {
  const value = (await cookies()).get(TYPED_ALT_COOKIE)?.value;
  if (!value) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    return { altNl: text(Reflect.get(parsed, 'altNl')), altEn: text(Reflect.get(parsed, 'altEn')) };
  } catch {
    return undefined;
  }
}
