import type { NextRequest } from 'next/server';
import { hasLocale } from 'next-intl';

import { routing } from '@/i18n/routing';
import { redeemWithdrawLink } from '@/lib/applications/withdraw-link';

/**
 * The withdraw link in the confirmation mail lands here. The token leaves the address bar at
 * once: it goes into a short-lived HttpOnly cookie, and the browser goes on to the token-free
 * confirm page, where nothing is deleted until the applicant presses the button.
 */
export async function GET(request: NextRequest, { params }: { params: Promise<{ locale: string }> }) {
  const requested = (await params).locale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return redeemWithdrawLink(request.nextUrl.searchParams, locale);
}
