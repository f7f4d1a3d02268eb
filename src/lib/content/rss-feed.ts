import 'server-only';
import { Feed } from 'feed';
import { getTranslations } from 'next-intl/server';

import { withLocale } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routing';
import { company } from '@/lib/company';
import { siteUrl } from '@/lib/env/public';
import { localizedUrl } from '@/lib/seo/page-metadata';

import { getPostsIn } from './blog-posts';

/** Where a locale's feed lives: /blog/rss.xml and /en/blog/rss.xml, beside the list it follows. */
export function feedPath(locale: Locale): string {
  return withLocale('/blog/rss.xml', locale);
}

/** RSS 2.0 of the posts written in a locale, newest first, with links into that locale. */
export async function rssFeed(locale: Locale): Promise<string> {
  const t = await getTranslations({ locale, namespace: 'blog.feed' });
  const posts = await getPostsIn(locale);
  const feed = new Feed({
    id: localizedUrl(locale, '/blog'),
    link: localizedUrl(locale, '/blog'),
    title: t('title'),
    description: t('description'),
    language: locale,
    copyright: company.legalName,
    // The newest post's day, so the feed is the same on every build of the same content.
    updated: posts[0] ? new Date(`${posts[0].data.date}T12:00:00Z`) : undefined,
    generator: false,
    feedLinks: { rss: `${siteUrl}${feedPath(locale)}` },
  });
  for (const post of posts) {
    const url = localizedUrl(locale, `/blog/${post.slug}`);
    feed.addItem({
      title: post.data.title,
      id: url,
      link: url,
      description: post.data.description,
      date: new Date(`${post.data.date}T12:00:00Z`),
      author: [{ name: post.data.author }],
      category: post.data.tags.map((name) => ({ name })),
    });
  }
  return feed.rss2();
}

/** The feed as a response, for the two route handlers. */
export async function rssResponse(locale: Locale): Promise<Response> {
  return new Response(await rssFeed(locale), {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' },
  });
}
