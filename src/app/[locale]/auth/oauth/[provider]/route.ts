import { NextResponse, type NextRequest } from 'next/server';
import { hasLocale } from 'next-intl';

import { withLocale } from '@/i18n/locale-path';
import { routing } from '@/i18n/routing';
import { failedSignInPath, startOAuth } from '@/lib/auth/oauth/flow';
import { safeNextPath } from '@/lib/security/safe-redirect';

type RouteContext = { params: Promise<{ locale: string; provider: string }> };

/**
 * Starts a sign-in with an external provider. A GET, reached by a plain link: the site's policy
 * keeps `form-action 'self'`, which a browser applies to every redirect a form post causes, and
 * this one leaves for Auth and the provider.
 */
export async function GET(request: NextRequest, { params }: RouteContext) {
  const { locale, provider } = await params;
  if (!hasLocale(routing.locales, locale)) return new NextResponse(null, { status: 404 });
  const next = safeNextPath(request.nextUrl.searchParams.get('next'), withLocale('/account', locale));
  const started = await startOAuth(provider, locale, next);
  if (started === null) return new NextResponse(null, { status: 404 });
  // IMPORTANT: a relative Location for our own pages (see the sign-out route); Auth's is absolute.
  const location = 'url' in started ? started.url : failedSignInPath(locale, next, started.failure);
  return new NextResponse(null, { status: 303, headers: { Location: location, 'Cache-Control': 'private, no-store' } });
}
