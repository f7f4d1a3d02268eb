import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';

import { ApplicationRetry } from '@/components/applications/application-retry';
import type { Locale } from '@/i18n/routing';
import { parseFailure, readDraftOfRequest } from '@/lib/applications/drafts';
import { getVacancy } from '@/lib/content/vacancies';
import { privatePageMetadata } from '@/lib/seo/page-metadata';

type PageProps = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'applications.retry' });
  return privatePageMetadata(t('metaTitle'));
}

export default async function ApplicationRetryPage({ params, searchParams }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [draft, { failed }] = await Promise.all([readDraftOfRequest(), searchParams]);
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
