import type { Metadata } from 'next';
import { draftMode } from 'next/headers';
import { notFound, permanentRedirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';

import { PostArticle } from '@/components/blog/post-article';
import { FromPractice } from '@/components/cases/from-practice';
import { PreviewBar } from '@/components/content/preview-bar';
import { JsonLdScript } from '@/components/seo/json-ld-script';
import type { Locale } from '@/i18n/routing';
import { readCompanyDetails } from '@/lib/company/read-company-details';
import { getPost, getPostForPage, getPostSlugs } from '@/lib/content/blog-posts';
import { caseLogos, getCasesAboutPost } from '@/lib/content/case-studies';
import { contentMetadata } from '@/lib/content/content-metadata';
import { currentSlugFor } from '@/lib/content/old-slugs';
import { entryPath } from '@/lib/content/preview-paths';
import { renderContent } from '@/lib/content/render-content';
import { feedPath } from '@/lib/content/rss-feed';
import { blogPostingJsonLd } from '@/lib/content/structured-data';
import { localizedUrl, notFoundMetadata } from '@/lib/seo/page-metadata';

type PageProps = { params: Promise<{ locale: Locale; slug: string }> };

// Every post gets a page in every locale (a one-language post shows with a notice). Posts published
// after the build are rendered on their first request and then cached like the rest; others 404.
export const dynamicParams = true;

export async function generateStaticParams() {
  return (await getPostSlugs()).map((slug) => ({ slug }));
}

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const { locale, slug } = await params;
  const resolved = await getPost(slug, locale);
  if (!resolved) return notFoundMetadata(locale);
  const t = await getTranslations({ locale, namespace: 'blog.feed' });
  const { data } = resolved.entry;
  return contentMetadata(locale, '/blog', resolved, {
    openGraph: { type: 'article', publishedTime: data.date, modifiedTime: data.updated ?? data.date, authors: [data.author] },
    rss: { url: feedPath(locale), title: t('title') },
  });
}

export default async function BlogPostPage({ params }: PageProps) {
  const { locale, slug } = await params;
  setRequestLocale(locale);
  // Draft mode is on only for content staff who opened a preview (/api/content/preview).
  const { isEnabled: preview } = await draftMode();
  const resolved = await getPostForPage(slug, locale, preview);
  if (!resolved) {
    // An old slug of a post that moved; an unpublished or unknown one is a 404.
    const current = await currentSlugFor('blog', slug);
    if (current !== null) permanentRedirect(entryPath('blog', current, locale));
    notFound();
  }
  const { entry: post, isFallback } = resolved;
  const t = await getTranslations('blog');
  const html = await renderContent(post.body, post.locale, { draft: preview });
  const wordCount = post.body.split(/\s+/).filter(Boolean).length;
  const cases = await getCasesAboutPost(post.slug, locale);
  const logos = await caseLogos(cases);

  return (
    <>
      {preview && <PreviewBar path={entryPath('blog', slug, locale)} />}
      <JsonLdScript
        data={blogPostingJsonLd(await readCompanyDetails(), post, localizedUrl(post.locale, `/blog/${post.slug}`), wordCount)}
      />
      <PostArticle post={post} html={html} notice={isFallback ? t(`onlyIn.${post.locale}`) : undefined} />
      <FromPractice cases={cases} logos={logos} />
    </>
  );
}
