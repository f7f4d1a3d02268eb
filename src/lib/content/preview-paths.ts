import { withLocale } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routing';

import { isPageSlug, type Collection, type PageSlug } from './collections';

/** Where the site's pages that are documents are (the pages collection's entries have these slugs alone). */
export const PAGE_PATHS: Record<PageSlug, string> = { home: '/', about: '/about-us' };

/** The public URL of an entry in a locale: /blog/<slug>, /en/vacancies/<slug>, and / or /en/about-us for a page. */
export function entryPath(collection: Collection, slug: string, locale: Locale): string {
  if (collection === 'pages') return withLocale(isPageSlug(slug) ? PAGE_PATHS[slug] : '/', locale);
  return withLocale(`/${collection}/${slug}`, locale);
}

/** The link that leaves draft mode and comes back to `path`. */
export function exitPreviewPath(path: string): string {
  return `/api/content/preview/exit?${new URLSearchParams({ path })}`;
}
