import type { Metadata } from 'next';
import { draftMode } from 'next/headers';
import { notFound, permanentRedirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';

import { CaseDetail } from '@/components/cases/case-detail';
import { PreviewBar } from '@/components/content/preview-bar';
import { JsonLdScript } from '@/components/seo/json-ld-script';
import type { Locale } from '@/i18n/routing';
import { readCompanyDetails } from '@/lib/company/read-company-details';
import { getPost } from '@/lib/content/blog-posts';
import { caseLogos, getCase, getCaseForPage, getCaseSlugs, getRelatedCases } from '@/lib/content/case-studies';
import { contentMetadata } from '@/lib/content/content-metadata';
import { currentSlugFor } from '@/lib/content/old-slugs';
import { entryPath } from '@/lib/content/preview-paths';
import { renderContent } from '@/lib/content/render-content';
import { breadcrumbJsonLd, caseStudyJsonLd } from '@/lib/content/structured-data';
import { contentImagesBaseUrl } from '@/lib/content-images/public-url';
import { getSupabasePublicEnv } from '@/lib/env/supabase-public';
import { localizedUrl, notFoundMetadata } from '@/lib/seo/page-metadata';

type PageProps = { params: Promise<{ locale: Locale; slug: string }> };

// Every case is prerendered in both locales (a one-language case shows with a notice); one
// published after the build is rendered on its first request and then cached; other slugs are a 404.
export const dynamicParams = true;

export async function generateStaticParams() {
  return (await getCaseSlugs()).map((slug) => ({ slug }));
}

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const { locale, slug } = await params;
  const resolved = await getCase(slug, locale);
  if (!resolved) return notFoundMetadata(locale);
  return contentMetadata(locale, '/cases', resolved, { openGraph: { type: 'article' } });
}

export default async function CasePage({ params }: PageProps) {
  const { locale, slug } = await params;
  setRequestLocale(locale);
  // Draft mode is on only for content staff who opened a preview (/api/content/preview).
  const { isEnabled: preview } = await draftMode();
  const resolved = await getCaseForPage(slug, locale, preview);
  if (!resolved) {
    // An old slug of a case that moved; an unpublished or unknown one is a 404.
    const current = await currentSlugFor('cases', slug);
    if (current !== null) permanentRedirect(entryPath('cases', current, locale));
    notFound();
  }
  const { entry: study, isFallback } = resolved;
  const [t, html, related, posts] = await Promise.all([
    getTranslations('cases'),
    renderContent(study.body, study.locale, { draft: preview }),
    getRelatedCases(study.data.related, locale),
    Promise.all(study.data.posts.map(async (post) => (await getPost(post, locale))?.entry)),
  ]);
  const logos = await caseLogos([study, ...related], preview);
  const logo = study.data.client.logo ? logos.get(study.data.client.logo) : undefined;
  const largest = logo?.variants.at(-1);
  const url = localizedUrl(study.locale, `/cases/${study.slug}`);

  return (
    <>
      {preview && <PreviewBar path={entryPath('cases', slug, locale)} />}
      <JsonLdScript
        data={caseStudyJsonLd(await readCompanyDetails(), study, url, {
          ...(largest && { logoUrl: `${contentImagesBaseUrl(getSupabasePublicEnv().url)}${largest.path}` }),
        })}
      />
      <JsonLdScript
        data={breadcrumbJsonLd([
          { name: t('breadcrumb.home'), url: localizedUrl(locale, '/') },
          { name: t('breadcrumb.cases'), url: localizedUrl(locale, '/cases') },
          { name: study.data.title, url },
        ])}
      />
      <CaseDetail
        study={study}
        html={html}
        logos={logos}
        related={related}
        posts={posts.filter((post) => post !== undefined)}
        notice={isFallback ? t(`onlyIn.${study.locale}`) : undefined}
      />
    </>
  );
}
