import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';

import { PageIntro } from '@/components/pages/page-intro';
import { SearchForm } from '@/components/search/search-form';
import { SearchResults } from '@/components/search/search-results';
import { Container } from '@/components/ui/container';
import { withLocale } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routing';
import { clientIpKey } from '@/lib/request/client-ip';
import { searchContent } from '@/lib/search/search-content';
import { searchQueryFrom } from '@/lib/search/search-query';
import { pageMetadata } from '@/lib/seo/page-metadata';

type PageProps = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ q?: string | string[] }> };

export async function generateMetadata({ params, searchParams }: PageProps): Promise<Metadata> {
  const metadata = await pageMetadata((await params).locale, 'search', '/search');
  // The form page may be found; each page of results is only a view of it, never indexed.
  if (searchQueryFrom((await searchParams).q) === '') return metadata;
  return { ...metadata, robots: { index: false, follow: true } };
}

export default async function SearchPage({ params, searchParams }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const query = searchQueryFrom((await searchParams).q);
  const t = await getTranslations('search');
  const outcome = await searchContent(query, locale, await clientIpKey());
  return (
    <>
      <PageIntro title={t('intro.title')} text={t('intro.text')} />
      <Container className="flex flex-col gap-12 pb-16 md:pb-24 lg:pb-32">
        <SearchForm
          action={withLocale('/search', locale)}
          query={query}
          labels={{ form: t('form.label'), field: t('form.field'), submit: t('form.submit') }}
        />
        {query === '' ? (
          <p className="text-muted">{t('noQuery')}</p>
        ) : 'refused' in outcome ? (
          <p role="alert">{t(outcome.refused)}</p>
        ) : (
          <SearchResults query={query} results={outcome.results} />
        )}
      </Container>
    </>
  );
}
