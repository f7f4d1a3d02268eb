import { NextResponse, type NextRequest } from 'next/server';
import { hasLocale } from 'next-intl';

import { withLocale } from '@/i18n/locale-path';
import { routing } from '@/i18n/routing';
import { callbackFailure, failedSignInPath, finishOAuth } from '@/lib/auth/oauth/flow';
import { signInPath } from '@/lib/auth/server-session';
import { safeNextPath } from '@/lib/security/safe-redirect';

type RouteContext = { params: Promise<{ locale: string }> };

/**
 * Where an external sign-in comes back: with a code, traded for a session here, or with an error
 * from the provider or Auth. Either way the visitor lands on our own pages: `next` when signed
 * in, the sign-in page with its code step for a user with a second factor (the session is aal1
 * whatever way they signed in), or the sign-in page with the reason it did not work.
 */
export async function GET(request: NextRequest, { params }: RouteContext) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return new NextResponse(null, { status: 404 });
  const query = request.nextUrl.searchParams;
  const next = safeNextPath(query.get('next'), withLocale('/account', locale));
  const code = query.get('code');
  const error = query.get('error');

  let location: string;
  if (error !== null || code === null || code === '') {
    location = failedSignInPath(locale, next, callbackFailure(error ?? '', query.get('error_code')));
  } else {
    const failure = await finishOAuth(code);
    // The sign-in page sends a fully signed-in visitor on to `next`, and asks the others for their code.
    location = failure === null ? signInPath(locale, next) : failedSignInPath(locale, next, failure);
  }
  // IMPORTANT: relative, on the host the visitor used (see the sign-out route). no-referrer: the
  // code is in this address and must not travel on to the next page.
  return new NextResponse(null, {
    status: 303,
    headers: { Location: location, 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' },
  });
}
