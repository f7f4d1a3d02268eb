import { notFound, redirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';

import { InboxList } from '@/components/inbox/inbox-list';
import { StaffLoadFailed, StaffPage } from '@/components/staff/staff-page';
import { withLocale } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routing';
import { inboxPagePath, parseInboxPage } from '@/lib/contact/inbox-pages';
import { listMessages } from '@/lib/contact/staff-inbox';
import { privatePageTitle } from '@/lib/seo/page-metadata';
import { requireStaffRole } from '@/lib/staff/require-staff';

type PageProps = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = privatePageTitle('inbox.meta.title');

export default async function InboxPage({ params, searchParams }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { supabase } = await requireStaffRole('inbox', locale, '/account/messages');
  const page = parseInboxPage((await searchParams).page);
  if (page === undefined) notFound();
  const [t, inbox] = await Promise.all([getTranslations('inbox'), listMessages(supabase, page)]);
  // A page beyond the end (messages were deleted since the link was made) shows the last one.
  if (inbox && inbox.page !== page) redirect(withLocale(inboxPagePath(inbox.page), locale));

  return (
    <StaffPage back={{ href: '/account', label: t('backToAccount') }} title={t('title')} intro={t('intro')}>
      {inbox ? <InboxList inbox={inbox} /> : <StaffLoadFailed>{t('loadFailed')}</StaffLoadFailed>}
    </StaffPage>
  );
}
