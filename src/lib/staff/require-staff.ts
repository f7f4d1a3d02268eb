import 'server-only';

import { redirect } from 'next/navigation';

import { withLocale } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routing';
import { hasVerifiedFactor, requireSignedIn } from '@/lib/auth/server-session';
import { STAFF_MFA_ANCHOR, staffEnrolmentCompleted } from '@/lib/staff/enrolment-link';
import { isStaff, staffRolesOf, type StaffRole } from '@/lib/staff/roles';

export { STAFF_MFA_ANCHOR };

/**
 * A fully signed-in staff member's session with `role`; anyone else is sent away: to sign-in (or
 * its code step), to their own account, or, for staff without a verified factor, to the account
 * page to link one first (through the enrolment link an admin issued). The database only shows staff data at aal2 and to the role it belongs to
 * (has_staff_role()), so this only decides which page a person sees.
 */
export async function requireStaffRole(role: StaffRole, locale: Locale, returnPath: string) {
  const session = await requireSignedIn(locale, returnPath);
  if (!isStaff(session.user)) redirect(withLocale('/account', locale));
  if (!hasVerifiedFactor(session.user) || !(await staffEnrolmentCompleted(session.supabase))) {
    redirect(`${withLocale('/account', locale)}#${STAFF_MFA_ANCHOR}`);
  }
  if (!staffRolesOf(session.user).includes(role)) redirect(withLocale('/account', locale));
  return session;
}
