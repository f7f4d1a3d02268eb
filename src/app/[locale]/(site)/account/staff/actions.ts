'use server';

import { redirect } from 'next/navigation';
import { hasLocale } from 'next-intl';

import { withLocale } from '@/i18n/locale-path';
import { routing } from '@/i18n/routing';
import { formatDateTime } from '@/lib/locale-format';
import { requireStaffRole } from '@/lib/staff/require-staff';
import { isAccountId, issueEnrolmentLink, type IssueLinkAnswer } from '@/lib/staff/staff-admin';

/**
 * Issues a new enrolment link for one staff account. Locale and id are bound on the server, but a
 * server action is a public endpoint: both are checked like any input, and Postgres decides
 * whether the caller is an admin at aal2 and the account is staff.
 */
export async function issueLink(locale: unknown, staffId: unknown, _previous: unknown, form: unknown): Promise<IssueLinkAnswer> {
  if (!hasLocale(routing.locales, locale)) redirect(withLocale('/account/staff', routing.defaultLocale));
  if (!isAccountId(staffId) || !(form instanceof FormData)) redirect(withLocale('/account/staff', locale));
  const { supabase } = await requireStaffRole('admin', locale, '/account/staff');
  const issued = await issueEnrolmentLink(supabase, staffId, locale);
  if (issued === null) return { failed: true };
  return { link: issued.link, expiresAt: formatDateTime(issued.expiresAt, locale) };
}
