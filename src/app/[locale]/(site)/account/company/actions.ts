'use server';

import { redirect } from 'next/navigation';
import { hasLocale } from 'next-intl';

import { withLocale } from '@/i18n/locale-path';
import { routing } from '@/i18n/routing';
import { companyFormFrom, publishCompanyVersion, saveCompanyVersion, type CompanyFormAnswer } from '@/lib/company/edit-company-details';
import { requireStaffRole } from '@/lib/staff/require-staff';

// The company page's server actions. Each is a public endpoint: the locale and the version are
// checked here, the details by the schema, and Postgres decides again that the caller is an admin
// at aal2.

const PAGE = '/account/company';

export async function saveCompany(locale: unknown, _previous: unknown, form: unknown): Promise<CompanyFormAnswer> {
  if (!hasLocale(routing.locales, locale)) redirect(withLocale(PAGE, routing.defaultLocale));
  if (!(form instanceof FormData)) redirect(withLocale(PAGE, locale));
  const { supabase } = await requireStaffRole('admin', locale, PAGE);
  const saved = await saveCompanyVersion(supabase, companyFormFrom(form));
  if (!saved.ok) return { problem: saved.problem, form: saved.form };
  // The saved version is shown as a preview on the page, with its publish button.
  redirect(`${withLocale(PAGE, locale)}?saved=${saved.versionId}#version-${saved.versionId}`);
}

export type PublishAnswer = { failed?: true };

export async function publishCompany(locale: unknown, versionId: unknown, _previous: unknown, form: unknown): Promise<PublishAnswer> {
  if (!hasLocale(routing.locales, locale)) redirect(withLocale(PAGE, routing.defaultLocale));
  if (typeof versionId !== 'number' || !Number.isSafeInteger(versionId) || versionId < 1 || !(form instanceof FormData)) {
    redirect(withLocale(PAGE, locale));
  }
  const { supabase } = await requireStaffRole('admin', locale, PAGE);
  if (!(await publishCompanyVersion(supabase, versionId))) return { failed: true };
  redirect(`${withLocale(PAGE, locale)}?published=${versionId}`);
}
