import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';

import { AccessLogTable } from '@/components/staff/access-log-table';
import { SiteCapsPanel } from '@/components/staff/site-caps-panel';
import { StaffAccounts } from '@/components/staff/staff-accounts';
import { Container } from '@/components/ui/container';
import { LocalizedLink } from '@/components/ui/localized-link';
import type { Locale } from '@/i18n/routing';
import { privatePageMetadata } from '@/lib/seo/page-metadata';
import { requireStaffRole } from '@/lib/staff/require-staff';
import { listStaffAccounts, readSiteCaps, recentApplicationAccess } from '@/lib/staff/staff-admin';

type PageProps = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'staff.meta' });
  return privatePageMetadata(t('title'));
}

export default async function StaffPage({ params }: PageProps) {
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
    <Container className="py-12 md:py-20">
      <LocalizedLink href="/account" className="underline-link text-base">
        ← {t('backToAccount')}
      </LocalizedLink>
      <h1 className="mt-6 text-3xl md:text-5xl">{t('title')}</h1>
      <p className="mt-4 mb-10 max-w-3xl text-muted">{t('intro')}</p>
      {accounts ? <StaffAccounts accounts={accounts} locale={locale} /> : <p role="alert">{t('loadFailed')}</p>}
      <AccessLogTable entries={log} locale={locale} />
      <SiteCapsPanel state={caps} locale={locale} />
    </Container>
  );
}
