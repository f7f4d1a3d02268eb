import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { cache } from 'react';

import { ApplicationRetry } from '@/components/applications/application-retry';
import type { Locale } from '@/i18n/routing';
import { parseFailure, readDraftOfRequest } from '@/lib/applications/drafts';
import { getVacancy } from '@/lib/content/vacancies';
import { privatePageMetadata } from '@/lib/seo/page-metadata';

type PageProps = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** The title and the page read the draft once per request. */
const draftOfRequest = cache(readDraftOfRequest);

export async function generateMetadata({ params, searchParams }: PageProps): Promise<Metadata> {
  const [t, draft, { failed }] = await Promise.all([
    getTranslations({ locale: (await params).locale, namespace: 'applications.retry' }),
    draftOfRequest(),
    searchParams,
  ]);
  // The title names the page shown (WCAG 2.4.2): without a draft that is the expired form.
  return privatePageMetadata(draft === null && parseFailure(failed) === null ? t('expiredTitle') : t('metaTitle'));
}

export default async function ApplicationRetryPage({ params, searchParams }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [draft, { failed }] = await Promise.all([draftOfRequest(), searchParams]);
  const slug = draft?.vacancySlug;
  const vacancy = slug ? await getVacancy(slug, locale) : undefined;
  return (
    <ApplicationRetry
      draft={draft}
      failure={parseFailure(failed)}
      vacancy={vacancy ? { slug: vacancy.entry.slug, title: vacancy.entry.data.title } : null}
    />
  );
}
