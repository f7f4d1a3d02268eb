import { getTranslations } from 'next-intl/server';

import { buttonClass } from '@/components/ui/button-styles';
import { Container } from '@/components/ui/container';
import { LocalizedLink } from '@/components/ui/localized-link';
import type { ApplicationFailure } from '@/lib/applications/application-fields';
import type { Draft } from '@/lib/applications/drafts';

import { ApplicationSection } from './application-section';

type ApplicationRetryProps = {
  draft: Draft | null;
  /** Set when the form could not be read at all, so nothing was kept. */
  failure: ApplicationFailure | null;
  vacancy: { slug: string; title: string } | null;
};

/**
 * Where a form sent without JavaScript comes back after a refusal: the same form, with what was
 * typed and what was wrong. Without a draft (older than an hour, or another browser) it says so.
 */
export async function ApplicationRetry({ draft, failure, vacancy }: ApplicationRetryProps) {
  const t = await getTranslations('applications.retry');
  if (draft === null && failure === null) {
    return (
      <Container className="max-w-3xl py-12 md:py-20">
        <h1 className="text-3xl md:text-5xl">{t('expiredTitle')}</h1>
        <p className="mt-6 text-muted">{t('expiredText')}</p>
        <LocalizedLink href="/vacancies" className={buttonClass({ variant: 'secondary', className: 'mt-10' })}>
          {t('toVacancies')}
        </LocalizedLink>
      </Container>
    );
  }
  return (
    <ApplicationSection
      id="application"
      headingLevel="h1"
      title={t('title')}
      intro={t('intro')}
      // A vacancy that has closed comes back as an open application, which the form then sends.
      vacancy={draft?.failure === 'vacancyClosed' ? null : vacancy}
      initial={draft ?? { values: {}, errors: {}, failure }}
    />
  );
}
