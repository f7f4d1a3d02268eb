import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';

import { PostArticle } from '@/components/blog/post-article';
import { JsonLdScript } from '@/components/seo/json-ld-script';
import type { Locale } from '@/i18n/routing';
import { getPost, getPostSlugs } from '@/lib/content/blog-posts';
import { contentMetadata } from '@/lib/content/content-metadata';
import { renderContent } from '@/lib/content/render-content';
import { feedPath } from '@/lib/content/rss-feed';
import { blogPostingJsonLd } from '@/lib/content/structured-data';
import { localizedUrl } from '@/lib/seo/page-metadata';

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
  if (!resolved) return {};
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
  const resolved = await getPost(slug, locale);
  if (!resolved) notFound();
  const { entry: post, isFallback } = resolved;
  const t = await getTranslations('blog');
  const html = await renderContent(post.body, post.locale);
  const wordCount = post.body.split(/\s+/).filter(Boolean).length;

  return (
    <>
      <JsonLdScript data={blogPostingJsonLd(post, localizedUrl(post.locale, `/blog/${post.slug}`), wordCount)} />
      <PostArticle post={post} html={html} notice={isFallback ? t(`onlyIn.${post.locale}`) : undefined} />
    </>
  );
}
