import 'server-only';

import { redirect } from 'next/navigation';
import { withLocale } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routing';
import { requireSignedIn } from '@/lib/auth/server-session';
import { isStaff } from '@/lib/contact/staff-inbox';

/** A fully signed-in staff member's session; anyone else is sent away (to sign-in, or to their own account). */
export async function requireStaff(locale: Locale, returnPath: string) {
  const session = await requireSignedIn(locale, returnPath);
  if (!isStaff(session.user)) redirect(withLocale('/account', locale));
  return session;
}
