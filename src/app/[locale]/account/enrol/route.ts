import type { NextRequest } from 'next/server';
import { hasLocale } from 'next-intl';

import { routing } from '@/i18n/routing';
import { redeemEnrolmentLink } from '@/lib/staff/enrolment-link';

/**
 * The staff enrolment link lands here. The token leaves the address bar at once: it goes into an
 * HttpOnly cookie of the account page, where the staff member links their authenticator app.
 */
export async function GET(request: NextRequest, { params }: { params: Promise<{ locale: string }> }) {
  const requested = (await params).locale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return redeemEnrolmentLink(request.nextUrl.searchParams, locale);
}
