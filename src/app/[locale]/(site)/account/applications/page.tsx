import { notFound, redirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';

import { FormMessage } from '@/components/forms/form-message';
import { StatusRegion } from '@/components/forms/status-region';
import { ApplicationsList } from '@/components/recruiting/applications-list';
import { StaffLoadFailed, StaffPage } from '@/components/staff/staff-page';
import { withLocale } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routing';
import { applicationsPath, parseApplicationFilters } from '@/lib/recruiting/application-filters';
import { listApplications } from '@/lib/recruiting/staff-applications';
import { privatePageTitle } from '@/lib/seo/page-metadata';
import { requireStaffRole } from '@/lib/staff/require-staff';

type PageProps = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = privatePageTitle('recruiting.meta.title');

export default async function ApplicationsPage({ params, searchParams }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { supabase } = await requireStaffRole('recruiting', locale, '/account/applications');
  const query = await searchParams;
  const filters = parseApplicationFilters(query);
  if (filters === undefined) notFound();
  const [t, list] = await Promise.all([getTranslations('recruiting'), listApplications(supabase, filters)]);
  // A page beyond the end (applications were deleted since the link was made) shows the last one.
  if (list && list.page !== filters.page) redirect(withLocale(applicationsPath(filters, list.page), locale));

  return (
    <StaffPage back={{ href: '/account', label: t('backToAccount') }} title={t('title')} intro={t('intro')}>
      {/* Where a deletion on request leads: the notice takes the focus, as the page's own answers do. */}
      <StatusRegion
        className="mb-10 max-w-3xl"
        message={
          (query.deleted === 'done' || query.deleted === 'pending') && (
            <FormMessage tone="success">{t(query.deleted === 'done' ? 'rights.deleted' : 'rights.deletedPending')}</FormMessage>
          )
        }
      />
      {list ? <ApplicationsList list={list} filters={filters} /> : <StaffLoadFailed>{t('loadFailed')}</StaffLoadFailed>}
    </StaffPage>
  );
}
