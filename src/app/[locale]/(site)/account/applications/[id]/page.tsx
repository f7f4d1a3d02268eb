import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ApplicationDetailView } from '@/components/recruiting/application-detail';
import { Container } from '@/components/ui/container';
import { LocalizedLink } from '@/components/ui/localized-link';
import type { Locale } from '@/i18n/routing';
import { requireStaff } from '@/lib/contact/require-staff';
import { getApplication, getApplicationName, isApplicationId } from '@/lib/recruiting/staff-applications';
import { createClient } from '@/lib/supabase/server';
import { privatePageMetadata } from '@/lib/seo/page-metadata';
import { addNote, changeApplicationStatus } from '../actions';

type PageProps = {
  params: Promise<{ locale: Locale; id: string }>;
};

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const { locale, id } = await params;
  const t = await getTranslations({ locale, namespace: 'recruiting.meta' });
  // Each application's page gets its own title (WCAG 2.4.2). Row-level security only returns the
  // row to staff at aal2; anyone else gets the list's title here and is sent away by the page.
  const name = isApplicationId(id) ? await getApplicationName(await createClient(), id) : null;
  return privatePageMetadata(name === null ? t('title') : t('detailTitle', { name }));
}

export default async function ApplicationPage({ params }: PageProps) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  const { supabase } = await requireStaff(locale, `/account/applications/${id}`);
  const [t, detail] = await Promise.all([getTranslations('recruiting'), isApplicationId(id) ? getApplication(supabase, id) : null]);

  return (
    <Container className="py-12 md:py-20">
      <LocalizedLink href="/account/applications" className="underline-link text-base">
        ← {t('backToList')}
      </LocalizedLink>
      <div className="mt-8 max-w-4xl">
        {detail ? (
          <ApplicationDetailView
            detail={detail}
            changeStatus={changeApplicationStatus.bind(null, locale, detail.application.id)}
            addNote={addNote.bind(null, locale, detail.application.id)}
          />
        ) : (
          <p role="alert" className="text-xl">
            {t('notFound')}
          </p>
        )}
      </div>
    </Container>
  );
}
