import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';

import { ApplicationDetailView } from '@/components/recruiting/application-detail';
import { StaffDetailPage } from '@/components/staff/staff-page';
import type { Locale } from '@/i18n/routing';
import { formatDateTime } from '@/lib/locale-format';
import { getApplication, getApplicationReceivedAt, isApplicationId } from '@/lib/recruiting/staff-applications';
import { privatePageMetadata } from '@/lib/seo/page-metadata';
import { requireStaffRole } from '@/lib/staff/require-staff';
import { createClient } from '@/lib/supabase/server';

import { addNote, changeApplicationStatus, deleteOnRequest, leaveTalentPool } from '../actions';

type PageProps = {
  params: Promise<{ locale: Locale; id: string }>;
};

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const { locale, id } = await params;
  const t = await getTranslations({ locale, namespace: 'recruiting.meta' });
  // Each application's page gets its own title (WCAG 2.4.2), without the applicant's name: browser
  // history, bookmarks and shared screens keep titles. Row-level security only returns the row to
  // staff at aal2; anyone else gets the list's title here and is sent away by the page.
  const receivedAt = isApplicationId(id) ? await getApplicationReceivedAt(await createClient(), id) : null;
  return privatePageMetadata(receivedAt === null ? t('title') : t('pageTitle', { received: formatDateTime(receivedAt, locale) }));
}

export default async function ApplicationPage({ params }: PageProps) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  const { supabase } = await requireStaffRole('recruiting', locale, `/account/applications/${id}`);
  const [t, detail] = await Promise.all([getTranslations('recruiting'), isApplicationId(id) ? getApplication(supabase, id) : null]);

  return (
    <StaffDetailPage back={{ href: '/account/applications', label: t('backToList') }} notFound={t('notFound')} className="max-w-4xl">
      {detail && (
        <ApplicationDetailView
          detail={detail}
          changeStatus={changeApplicationStatus.bind(null, locale, detail.application.id)}
          addNote={addNote.bind(null, locale, detail.application.id)}
          leaveTalentPool={leaveTalentPool.bind(null, locale, detail.application.id)}
          deleteOnRequest={deleteOnRequest.bind(null, locale, detail.application.id)}
        />
      )}
    </StaffDetailPage>
  );
}
