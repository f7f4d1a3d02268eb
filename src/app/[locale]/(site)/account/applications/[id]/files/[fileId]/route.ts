import { NextResponse, type NextRequest } from 'next/server';
import { hasLocale } from 'next-intl';

import { withLocale } from '@/i18n/locale-path';
import { routing } from '@/i18n/routing';
import { getServerSession, hasVerifiedFactor, signInPath } from '@/lib/auth/server-session';
import { getSupabasePublicEnv } from '@/lib/env/supabase-public';
import { isApplicationId, signedFileUrl } from '@/lib/recruiting/staff-applications';
import { staffRolesOf } from '@/lib/staff/roles';

type Params = { params: Promise<{ locale: string; id: string; fileId: string }> };

const noStore = { 'Cache-Control': 'private, no-store' };
const notFound = () => new NextResponse(null, { status: 404, headers: noStore });

/**
 * Downloads one of an application's files: signs a Storage URL valid for 60 seconds with the
 * staff member's own session, so row-level security on the bucket (staff at aal2) decides, and
 * answers 303 to it. The one redirect that leaves the site: only to the project's own Storage,
 * checked below. Visitors who are not signed in are sent to sign in and back to the
 * application; anyone else gets a 404, which says nothing about whether the file exists.
 */
export async function GET(_request: NextRequest, { params }: Params) {
  const { locale: requested, id, fileId } = await params;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  if (!isApplicationId(id) || !isApplicationId(fileId)) return notFound();

  const session = await getServerSession();
  if (session.state !== 'signedIn') {
    // Relative, as the sign-out route's: the visitor stays on the host they used.
    return new NextResponse(null, {
      status: 303,
      headers: { ...noStore, Location: signInPath(locale, withLocale(`/account/applications/${id}`, locale)) },
    });
  }
  // The database would refuse them too; this spares the round trip and the log line.
  if (!staffRolesOf(session.user).includes('recruiting') || !hasVerifiedFactor(session.user)) return notFound();

  const url = await signedFileUrl(session.supabase, id, fileId);
  if (url === null || new URL(url).origin !== new URL(getSupabasePublicEnv().url).origin) return notFound();
  return new NextResponse(null, { status: 303, headers: { ...noStore, Location: url, 'Referrer-Policy': 'no-referrer' } });
}
