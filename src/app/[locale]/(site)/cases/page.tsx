import type { Metadata } from 'next';
import { draftMode } from 'next/headers';
import { getTranslations, setRequestLocale } from 'next-intl/server';

import { CaseFiltersForm } from '@/components/cases/case-filters-form';
import { CaseList } from '@/components/cases/case-list';
import { PreviewBar } from '@/components/content/preview-bar';
import { PageIntro } from '@/components/pages/page-intro';
import { buttonClass } from '@/components/ui/button-styles';
import { Container } from '@/components/ui/container';
import { LocalizedLink } from '@/components/ui/localized-link';
import { withLocale } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routing';
import { caseFiltersFrom, filterCases } from '@/lib/content/case-filters';
import { caseLogos, getCasesIn } from '@/lib/content/case-studies';
import { sectors } from '@/lib/content/frontmatter-schemas';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { SERVICE_KEYS } from '@/lib/services';

type PageProps = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params, searchParams }: PageProps): Promise<Metadata> {
  const metadata = await pageMetadata((await params).locale, 'cases', '/cases');
  // The whole list may be found; a filtered list is only a view of it, never indexed.
  const filters = caseFiltersFrom(await searchParams);
  if (filters.sector === undefined && filters.service === undefined) return metadata;
  return { ...metadata, robots: { index: false, follow: true } };
}

export default async function CasesPage({ params, searchParams }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, tServices] = await Promise.all([getTranslations('cases'), getTranslations('home.services.items')]);
  // Draft mode is on only for content staff who opened a preview: the list then shows working copies.
  const { isEnabled: preview } = await draftMode();
  const filters = caseFiltersFrom(await searchParams);
  const all = await getCasesIn(locale, preview);
  const cases = filterCases(all, filters);
  const logos = await caseLogos(cases, preview);
  // Only what the cases in this language have, so no choice leads to an empty list; the chosen one stays.
  const sectorChoices = sectors
    .filter((sector) => sector === filters.sector || all.some((c) => c.data.client.sector === sector))
    .map((value) => ({ value, label: t(`sectors.${value}`) }));
  const serviceChoices = SERVICE_KEYS.filter(
    (service) => service === filters.service || all.some((c) => c.data.services.includes(service)),
  ).map((value) => ({ value, label: tServices(`${value}.title`) }));
  const chosen = [filters.sector && t(`sectors.${filters.sector}`), filters.service && tServices(`${filters.service}.title`)].filter(
    (label): label is string => typeof label === 'string',
  );

  return (
    <>
      {preview && <PreviewBar path={withLocale('/cases', locale)} />}
      <PageIntro title={t('intro.title')} text={t('intro.text')} />
      <Container as="section" aria-labelledby="case-list-title" className="flex flex-col gap-8 pb-16 md:pb-24 lg:pb-32">
        {all.length > 0 && (
          <CaseFiltersForm action={withLocale('/cases', locale)} filters={filters} sectors={sectorChoices} services={serviceChoices} />
        )}
        <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-line pb-4">
          <h2 id="case-list-title" className="text-2xl md:text-3xl">
            {chosen.length > 0 ? t('list.filteredTitle', { filters: chosen.join(' · ') }) : t('list.title')}
          </h2>
          <p className="text-base text-muted">{t('list.count', { count: cases.length })}</p>
        </div>
        {cases.length > 0 ? (
          <CaseList cases={cases} logos={logos} />
        ) : (
          <div className="flex flex-col items-start gap-6">
            <p className="max-w-2xl text-muted">{all.length > 0 ? t('list.emptyFiltered') : t('list.empty')}</p>
            <LocalizedLink href="/contact-us?subject=project" className={buttonClass({ variant: 'secondary' })}>
              {t('list.contact')}
            </LocalizedLink>
          </div>
        )}
      </Container>
    </>
  );
}
