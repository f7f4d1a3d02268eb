import type { Metadata } from 'next';
import { draftMode } from 'next/headers';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';

import { BlogIndex } from '@/components/blog/blog-index';
import { routing, type Locale } from '@/i18n/routing';
import { getPostsIn } from '@/lib/content/blog-posts';
import { extraPageNumbers, pagePath, paginate } from '@/lib/content/pagination';
import { feedPath } from '@/lib/content/rss-feed';
import { languageAlternates } from '@/lib/seo/page-metadata';

type PageProps = { params: Promise<{ locale: Locale; n: string }> };

// Pages 2…n of the list, only as many as each locale's posts fill; /blog/page/1 is /blog. A page that
// the posts published since the build fill is rendered on its first request; any other is a 404.
export const dynamicParams = true;

export async function generateStaticParams({ params }: { params: { locale: Locale } }) {
  const locales = params.locale ? [params.locale] : routing.locales;
  const counts = await Promise.all(locales.map(async (locale) => (await getPostsIn(locale)).length));
  return [...new Set(counts.flatMap((count) => extraPageNumbers(count)))].map((n) => ({ n: String(n) }));
}

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const { locale, n } = await params;
  const t = await getTranslations({ locale, namespace: 'blog' });
  const path = pagePath('/blog', Number(n));
  return {
    title: t('list.pageTitle', { page: n }),
    description: t('meta.description'),
    alternates: {
      ...languageAlternates(locale, path),
      types: { 'application/rss+xml': [{ url: feedPath(locale), title: t('feed.title') }] },
    },
  };
}

export default async function BlogListPage({ params }: PageProps) {
  const { locale, n } = await params;
  setRequestLocale(locale);
  // Draft mode is on only for content staff who opened a preview: the list then shows working copies.
  const { isEnabled: preview } = await draftMode();
  const listPage = paginate(await getPostsIn(locale, preview), Number(n));
  // Page 1 lives at /blog, and a locale with fewer posts may have fewer pages than the other.
  if (!listPage || listPage.page === 1) notFound();
  return <BlogIndex listPage={listPage} preview={preview} />;
}
