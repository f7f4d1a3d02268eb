import type { Metadata } from 'next';
import { draftMode } from 'next/headers';
import { getTranslations, setRequestLocale } from 'next-intl/server';

import { BlogIndex } from '@/components/blog/blog-index';
import type { Locale } from '@/i18n/routing';
import { getPostsIn } from '@/lib/content/blog-posts';
import { paginate } from '@/lib/content/pagination';
import { feedPath } from '@/lib/content/rss-feed';
import { pageMetadata } from '@/lib/seo/page-metadata';

type PageProps = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const { locale } = await params;
  const metadata = await pageMetadata(locale, 'blog', '/blog');
  const t = await getTranslations({ locale, namespace: 'blog.feed' });
  return {
    ...metadata,
    alternates: { ...metadata.alternates, types: { 'application/rss+xml': [{ url: feedPath(locale), title: t('title') }] } },
  };
}

export default async function BlogPage({ params }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  // Draft mode is on only for content staff who opened a preview: the list then shows working copies.
  const { isEnabled: preview } = await draftMode();
  const firstPage = paginate(await getPostsIn(locale, preview), 1);
  // Page 1 always exists (an empty list shows its empty state).
  if (!firstPage) throw new Error('The first blog page must always exist');
  return <BlogIndex listPage={firstPage} preview={preview} />;
}
