import { draftMode } from 'next/headers';
import { getTranslations, setRequestLocale } from 'next-intl/server';

import { ApplicationSection } from '@/components/applications/application-section';
import { PreviewBar } from '@/components/content/preview-bar';
import { PageIntro } from '@/components/pages/page-intro';
import { Container } from '@/components/ui/container';
import { VacancyList } from '@/components/vacancies/vacancy-list';
import { withLocale } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routing';
import { OPEN_APPLICATION_ANCHOR } from '@/lib/content/apply-path';
import { getOpenVacanciesIn } from '@/lib/content/vacancies';
import { publicPageMetadata } from '@/lib/seo/page-metadata';

type PageProps = { params: Promise<{ locale: Locale }> };

export const generateMetadata = publicPageMetadata('vacancies', '/vacancies');

export default async function VacanciesPage({ params }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('vacancies');
  // Draft mode is on only for content staff who opened a preview: the list then shows working copies.
  const { isEnabled: preview } = await draftMode();
  const vacancies = await getOpenVacanciesIn(locale, preview);
  return (
    <>
      {preview && <PreviewBar path={withLocale('/vacancies', locale)} />}
      <PageIntro title={t('intro.title')} text={t('intro.text')} />
      <Container as="section" aria-labelledby="vacancy-list-title" className="pb-16 md:pb-24 lg:pb-32">
        <div className="mb-8 flex flex-wrap items-baseline justify-between gap-2 border-b border-line pb-4">
          <h2 id="vacancy-list-title" className="text-2xl md:text-3xl">
            {t('list.title')}
          </h2>
          <p className="text-base text-muted">{t('list.count', { count: vacancies.length })}</p>
        </div>
        <VacancyList vacancies={vacancies} headingLevel="h3" />
      </Container>
      <div className="border-t border-line pb-8 md:pb-16">
        <ApplicationSection id={OPEN_APPLICATION_ANCHOR} vacancy={null} />
      </div>
    </>
  );
}
