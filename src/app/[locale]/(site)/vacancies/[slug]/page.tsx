import type { Metadata } from 'next';
import { draftMode } from 'next/headers';
import { notFound, permanentRedirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';

import { ApplicationSection } from '@/components/applications/application-section';
import { PreviewBar } from '@/components/content/preview-bar';
import { JsonLdScript } from '@/components/seo/json-ld-script';
import { VacancyDetail } from '@/components/vacancies/vacancy-detail';
import type { Locale } from '@/i18n/routing';
import { readCompanyDetails } from '@/lib/company/read-company-details';
import { APPLY_ANCHOR } from '@/lib/content/apply-path';
import { contentMetadata } from '@/lib/content/content-metadata';
import { markdownToHtml } from '@/lib/content/markdown-to-html';
import { currentSlugFor } from '@/lib/content/old-slugs';
import { entryPath } from '@/lib/content/preview-paths';
import { renderContent } from '@/lib/content/render-content';
import { jobPostingJsonLd } from '@/lib/content/structured-data';
import { getVacancy, getVacancyForPage, getVacancySlugs } from '@/lib/content/vacancies';
import { notFoundMetadata } from '@/lib/seo/page-metadata';

type PageProps = { params: Promise<{ locale: Locale; slug: string }> };

// Every vacancy, open or closed, is prerendered in both locales; one published after the build is
// rendered on its first request and then cached; other slugs are a 404.
export const dynamicParams = true;

export async function generateStaticParams() {
  return (await getVacancySlugs()).map((slug) => ({ slug }));
}

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const { locale, slug } = await params;
  const resolved = await getVacancy(slug, locale);
  if (!resolved) return notFoundMetadata(locale);
  return contentMetadata(locale, '/vacancies', resolved);
}

export default async function VacancyPage({ params }: PageProps) {
  const { locale, slug } = await params;
  setRequestLocale(locale);
  // Draft mode is on only for content staff who opened a preview (/api/content/preview).
  const { isEnabled: preview } = await draftMode();
  const resolved = await getVacancyForPage(slug, locale, preview);
  if (!resolved) {
    // An old slug of a vacancy that moved; an unpublished or unknown one is a 404.
    const current = await currentSlugFor('vacancies', slug);
    if (current !== null) permanentRedirect(entryPath('vacancies', current, locale));
    notFound();
  }
  const { entry: vacancy, isFallback } = resolved;
  const t = await getTranslations('vacancies');
  const html = await renderContent(vacancy.body, vacancy.locale, { draft: preview });

  return (
    <>
      {preview && <PreviewBar path={entryPath('vacancies', slug, locale)} />}
      {vacancy.isOpen && <JsonLdScript data={jobPostingJsonLd(await readCompanyDetails(), vacancy, await markdownToHtml(vacancy.body))} />}
      <VacancyDetail vacancy={vacancy} html={html} notice={isFallback ? t(`onlyIn.${vacancy.locale}`) : undefined} />
      {vacancy.isOpen && <ApplicationSection id={APPLY_ANCHOR} vacancy={{ slug: vacancy.slug, title: vacancy.data.title }} />}
    </>
  );
}
