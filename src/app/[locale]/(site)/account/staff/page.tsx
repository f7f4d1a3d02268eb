import { getTranslations, setRequestLocale } from 'next-intl/server';

import { AccessLogTable } from '@/components/staff/access-log-table';
import { SiteCapsPanel } from '@/components/staff/site-caps-panel';
import { StaffAccounts } from '@/components/staff/staff-accounts';
import { StaffLoadFailed, StaffPage } from '@/components/staff/staff-page';
import type { Locale } from '@/i18n/routing';
import { privatePageTitle } from '@/lib/seo/page-metadata';
import { requireStaffRole } from '@/lib/staff/require-staff';
import { listStaffAccounts, readSiteCaps, recentApplicationAccess } from '@/lib/staff/staff-admin';

type PageProps = { params: Promise<{ locale: Locale }> };

export const generateMetadata = privatePageTitle('staff.meta.title');

export default async function StaffAdminPage({ params }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { supabase } = await requireStaffRole('admin', locale, '/account/staff');
  const [t, accounts, log, caps] = await Promise.all([
    getTranslations('staff'),
    listStaffAccounts(supabase),
    recentApplicationAccess(supabase),
    readSiteCaps(supabase),
  ]);

  return (
    <StaffPage back={{ href: '/account', label: t('backToAccount') }} title={t('title')} intro={t('intro')}>
      {accounts ? <StaffAccounts accounts={accounts} locale={locale} /> : <StaffLoadFailed>{t('loadFailed')}</StaffLoadFailed>}
      <AccessLogTable entries={log} locale={locale} />
      <SiteCapsPanel state={caps} locale={locale} />
    </StaffPage>
  );
}
