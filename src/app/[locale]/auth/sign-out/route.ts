import { NextResponse, type NextRequest } from 'next/server';
import { hasLocale } from 'next-intl';

import { withLocale } from '@/i18n/locale-path';
import { routing } from '@/i18n/routing';
import { isSameOriginRequest } from '@/lib/request/same-origin';
import { safeNextPath } from '@/lib/security/safe-redirect';
import { createClient } from '@/lib/supabase/server';

/**
 * Signs out this browser. POST only, so a link or an image on another site
 * cannot sign anyone out; a cross-site form post is refused by its Origin.
 * A plain form (not a React action) posts here, so the browser does a full
 * load afterwards and every part of the page forgets the user.
 */
export async function POST(request: NextRequest, { params }: { params: Promise<{ locale: string }> }) {
  if (!isSameOriginRequest(request.headers)) return new NextResponse(null, { status: 403 });

  const requested = (await params).locale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  const supabase = await createClient();
  // Local scope: other devices stay signed in. The cookies are cleared even if the backend is unreachable.
  const { error } = await supabase.auth.signOut({ scope: 'local' });
  if (error) console.warn('[auth] sign-out could not reach the backend:', error.message);
  // The form may name where to go next (e.g. back to sign-in); only same-site paths count.
  // A body that is not a form (JSON, broken multipart) just means "no next".
  const form = await request.formData().catch(() => null);
  const target = safeNextPath(form instanceof FormData ? form.get('next') : null, withLocale('/', locale));
  // IMPORTANT: a relative Location. `new URL(target, request.url)` would use the address Next
  // listens on (http://localhost:<port>), not the one the visitor used, behind any proxy.
  // 303: the browser follows with a GET.
  return new NextResponse(null, { status: 303, headers: { Location: target } });
}
