'use server';

import { redirect } from 'next/navigation';
import { hasLocale } from 'next-intl';

import { withLocale } from '@/i18n/locale-path';
import { routing } from '@/i18n/routing';
import type { EraseAnswer, RightsAnswer } from '@/lib/rights/rights-answer';
import { eraseSubject, isRightsAdmin, readIdentityCheck, readSubjectEmail, summarizeSubject } from '@/lib/rights/rights-requests';
import { requireStaffRole } from '@/lib/staff/require-staff';

// Server actions are public endpoints: the locale and the form are checked like any input, and
// the admin role is checked in the database (aal2, live session) before the service role is used.

async function adminSession(locale: unknown) {
  if (!hasLocale(routing.locales, locale)) redirect(withLocale('/account', routing.defaultLocale));
  const session = await requireStaffRole('admin', locale, '/account/rights');
  if (!(await isRightsAdmin(session.supabase))) redirect(withLocale('/account', locale));
  return session;
}

/** Shows how much is stored about the address in the form. */
export async function lookUpSubject(locale: unknown, _previous: unknown, form: unknown): Promise<RightsAnswer> {
  await adminSession(locale);
  const sent = form instanceof FormData ? form.get('email') : null;
  const email = readSubjectEmail(sent);
  if (email === null) return { error: { key: 'invalidEmail', field: 'email' }, typed: typeof sent === 'string' ? sent : undefined };
  const summary = await summarizeSubject(email);
  if (summary === null) return { error: { key: 'lookupFailed' }, typed: email };
  return { email, summary };
}

/** Erases everything about the address, once the box is ticked; never the caller's own account. */
export async function eraseSubjectData(locale: unknown, _previous: unknown, form: unknown): Promise<EraseAnswer> {
  const session = await adminSession(locale);
  const email = readSubjectEmail(form instanceof FormData ? form.get('email') : null);
  if (email === null || !(form instanceof FormData)) return { eraseError: 'eraseFailed' };
  const identityCheck = readIdentityCheck(form.get('identity'));
  if (identityCheck === null) return { eraseError: 'identityUnchecked' };
  if (form.get('confirm') !== 'on') return { eraseError: 'unconfirmed', identity: identityCheck };
  if (session.user.email?.toLowerCase() === email.toLowerCase()) return { eraseError: 'ownAccount', identity: identityCheck };
  const outcome = await eraseSubject(email, session.user.id, identityCheck);
  if (outcome === 'staffAccount') return { eraseError: 'staffAccount', identity: identityCheck };
  if (outcome === 'failed') return { eraseError: 'eraseFailed', identity: identityCheck };
  return { erased: email };
}
