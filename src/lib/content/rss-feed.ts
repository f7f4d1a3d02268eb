import 'server-only';
import { Feed } from 'feed';
import { getTranslations } from 'next-intl/server';

import { withLocale } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routing';
import { readCompanyDetails } from '@/lib/company/read-company-details';
import { siteUrl } from '@/lib/env/public';
import { localizedUrl } from '@/lib/seo/page-metadata';

import { getPostsIn } from './blog-posts';

/** Where a locale's feed lives: /blog/rss.xml and /en/blog/rss.xml, beside the list it follows. */
export function feedPath(locale: Locale): string {
  return withLocale('/blog/rss.xml', locale);
}

/**
 * Text for a CDATA section, which ends at the first `]]>`. The feed library writes titles and
 * descriptions as CDATA through xml-js, which splits only the first `]]>` of a text (`]]` ends a
 * section, `>` starts the next); every later one is split here the same way, so the reader gets the
 * text back whole and nothing in it becomes markup. rss-feed.test.ts round-trips texts with several,
 * so a change in either library shows there.
 */
export function cdataText(text: string): string {
  const end = text.indexOf(']]>') + ']]>'.length;
  if (end < ']]>'.length) return text;
  return text.slice(0, end) + text.slice(end).replaceAll(']]>', ']]]]><![CDATA[>');
}

type FeedPost = { url: string; title: string; description: string; date: string; author: string; tags: readonly string[] };

/** RSS 2.0 of the posts written in a locale, newest first, with links into that locale. */
export async function rssFeed(locale: Locale): Promise<string> {
  const t = await getTranslations({ locale, namespace: 'blog.feed' });
  const posts = await getPostsIn(locale);
  return rss2(
    locale,
    { title: t('title'), description: t('description'), copyright: (await readCompanyDetails()).legalName },
    posts.map((post) => ({
      url: localizedUrl(locale, `/blog/${post.slug}`),
      title: post.data.title,
      description: post.data.description,
      date: post.data.date,
      author: post.data.author,
      tags: post.data.tags,
    })),
  );
}

/** The feed's XML for a channel and its posts, newest first; every text an editor wrote made safe for CDATA. */
export function rss2(
  locale: Locale,
  channel: { title: string; description: string; copyright: string },
  posts: readonly FeedPost[],
): string {
  const feed = new Feed({
    id: localizedUrl(locale, '/blog'),
    link: localizedUrl(locale, '/blog'),
    title: cdataText(channel.title),
    description: cdataText(channel.description),
    language: locale,
    copyright: channel.copyright,
    // The newest post's day, so the feed is the same on every build of the same content.
    updated: posts[0] ? new Date(`${posts[0].date}T12:00:00Z`) : undefined,
    generator: false,
    feedLinks: { rss: `${siteUrl}${feedPath(locale)}` },
  });
  for (const post of posts) {
    feed.addItem({
      title: cdataText(post.title),
      id: post.url,
      link: post.url,
      description: cdataText(post.description),
      date: new Date(`${post.date}T12:00:00Z`),
      author: [{ name: post.author }],
      category: post.tags.map((name) => ({ name })),
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
