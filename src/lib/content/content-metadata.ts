import type { Metadata } from 'next';

import { routing, type Locale } from '@/i18n/routing';
import { localizedUrl } from '@/lib/seo/page-metadata';

import type { ResolvedEntry } from './localized-entries';

type Item = { slug: string; locale: Locale; data: { title: string; description: string } };

/**
 * Metadata for a post or vacancy page. hreflang lists only the languages the item is written in.
 * A fallback page (another language's text under this locale's URL) points its canonical at the
 * original, so search engines index the text once.
 */
export function contentMetadata(
  locale: Locale,
  basePath: '/blog' | '/vacancies' | '/cases',
  resolved: ResolvedEntry<Item>,
  extra: Pick<Metadata, 'openGraph'> & { rss?: { url: string; title: string } } = {},
): Metadata {
  const { entry, locales } = resolved;
  const path = `${basePath}/${entry.slug}`;
  const xDefault = locales.includes(routing.defaultLocale) ? routing.defaultLocale : entry.locale;
  const url = localizedUrl(entry.locale, path);
  return {
    title: entry.data.title,
    description: entry.data.description,
    alternates: {
      canonical: url,
      languages: {
        ...Object.fromEntries(locales.map((l) => [l, localizedUrl(l, path)])),
        'x-default': localizedUrl(xDefault, path),
      },
      ...(extra.rss && { types: { 'application/rss+xml': [extra.rss] } }),
    },
    openGraph: {
      title: entry.data.title,
      description: entry.data.description,
      url: localizedUrl(locale, path),
      locale: entry.locale === 'nl' ? 'nl_NL' : 'en_GB',
      ...extra.openGraph,
    },
  };
}
