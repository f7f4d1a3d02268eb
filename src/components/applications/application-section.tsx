import { getLocale, getTranslations } from 'next-intl/server';

import { Container } from '@/components/ui/container';
import type { ApplicationErrors, ApplicationFailure, ApplicationValues } from '@/lib/applications/application-fields';

import { ApplicationForm } from './application-form';
import { applicationFormCopy } from './application-form-copy';

type ApplicationSectionProps = {
  /** The element's id, for links to the form (see lib/content/apply-path.ts). */
  id: string;
  /** The vacancy applied for; none for an open application. */
  vacancy: { slug: string; title: string } | null;
  /** A refused form's text, on the retry page. */
  initial?: { values: ApplicationValues; errors: ApplicationErrors; failure: ApplicationFailure | null };
  headingLevel?: 'h1' | 'h2';
  title?: string;
  intro?: string;
};

/** The application form with its heading: on a vacancy, on the vacancies page (open application), and on the retry page. */
export async function ApplicationSection({ id, vacancy, initial, headingLevel: Heading = 'h2', title, intro }: ApplicationSectionProps) {
  const [locale, t, copy] = await Promise.all([getLocale(), getTranslations('applications.section'), applicationFormCopy()]);
  const headingId = `${id}-form-title`;
  return (
    <Container as="section" id={id} aria-labelledby={headingId} className="scroll-mt-[calc(var(--spacing-header)+1rem)] py-12 md:py-16">
      <div className="max-w-3xl">
        <Heading id={headingId} className="text-2xl md:text-3xl">
          {title ?? (vacancy ? t('title') : t('openTitle'))}
        </Heading>
        {vacancy && <p className="mt-3 font-semibold">{t('forVacancy', { title: vacancy.title })}</p>}
        <p className="mt-3 text-muted">{intro ?? (vacancy ? t('intro') : t('openIntro'))}</p>
        <div className="mt-8">
          <ApplicationForm locale={locale} vacancySlug={vacancy?.slug ?? null} copy={copy} initial={initial} />
        </div>
      </div>
    </Container>
  );
}
