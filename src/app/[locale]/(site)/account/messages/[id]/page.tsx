import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';

import { InboxMessageView } from '@/components/inbox/inbox-message';
import { StaffDetailPage } from '@/components/staff/staff-page';
import type { Locale } from '@/i18n/routing';
import { getMessage, isMessageId } from '@/lib/contact/staff-inbox';
import { formatDateTime } from '@/lib/locale-format';
import { privatePageMetadata } from '@/lib/seo/page-metadata';
import { requireStaffRole } from '@/lib/staff/require-staff';
import { createClient } from '@/lib/supabase/server';

import { markMessageHandled } from '../actions';

type PageProps = {
  params: Promise<{ locale: Locale; id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const { locale, id } = await params;
  const t = await getTranslations({ locale, namespace: 'inbox.meta' });
  // Each message page gets its own title (WCAG 2.4.2), without the sender's name: browser history,
  // bookmarks and shared screens keep titles. Row-level security only returns the row to staff;
  // anyone else gets the list's title here and is sent away by the page itself.
  const message = isMessageId(id) ? await getMessage(await createClient(), id) : null;
  return privatePageMetadata(message ? t('pageTitle', { received: formatDateTime(message.created_at, locale) }) : t('title'));
}

export default async function InboxMessagePage({ params, searchParams }: PageProps) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  const { supabase } = await requireStaffRole('inbox', locale, `/account/messages/${id}`);
  const t = await getTranslations('inbox');
  const message = isMessageId(id) ? await getMessage(supabase, id) : null;
  const query = await searchParams;
  const notice = query.handled ? 'handled' : query.failed ? 'failed' : undefined;

  return (
    <StaffDetailPage back={{ href: '/account/messages', label: t('backToList') }} notFound={t('notFound')}>
      {message && <InboxMessageView message={message} markHandled={markMessageHandled.bind(null, locale, message.id)} notice={notice} />}
    </StaffDetailPage>
  );
}
