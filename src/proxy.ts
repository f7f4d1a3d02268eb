import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';

import { localeOfPath, stripLocale, withLocale } from './i18n/locale-path';
import { routing } from './i18n/routing';
import { updateSession } from './lib/supabase/proxy';

const handleI18nRouting = createMiddleware(routing);

/** Pages that need a session. The page checks again on the server; this only saves a render. */
function isProtected(pathname: string): boolean {
  const path = stripLocale(pathname);
  return path === '/account' || path.startsWith('/account/');
}

/**
 * next-intl decides the locale and builds the response; the Supabase session
 * refresh then writes its cookies onto that same response (see
 * lib/supabase/proxy.ts for why it must be the same object). Authorization is
 * not decided here: pages and actions check the user themselves.
 */
export default async function proxy(request: NextRequest) {
  const i18nResponse = handleI18nRouting(request);
  const { response, claims } = await updateSession(request, i18nResponse);

  // Coarse redirect for visitors without a session. A locale redirect goes first; the next request comes back here.
  const redirecting = response.status >= 300 && response.status < 400;
  if (!claims && !redirecting && isProtected(request.nextUrl.pathname)) {
    const locale = localeOfPath(request.nextUrl.pathname);
    const target = new URL(withLocale('/sign-in', locale), request.url);
    target.searchParams.set('next', `${request.nextUrl.pathname}${request.nextUrl.search}`);
    const redirect = NextResponse.redirect(target);
    // Keep whatever the refresh decided about the cookies (e.g. clearing a dead session).
    for (const cookie of response.cookies.getAll()) redirect.cookies.set(cookie);
    return redirect;
  }
  return response;
}

export const config = {
  // Everything except Next internals, API-style routes and files with an extension.
  matcher: '/((?!api|_next|_vercel|.*\\..*).*)',
};
