import { withLocale } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routing';

import type { Collection } from './collections';

/** The public URL of an entry in a locale: /blog/<slug>, /en/vacancies/<slug>. */
export function entryPath(collection: Collection, slug: string, locale: Locale): string {
  return withLocale(`/${collection}/${slug}`, locale);
}

/** The link that leaves draft mode and comes back to `path`. */
export function exitPreviewPath(path: string): string {
  return `/api/content/preview/exit?${new URLSearchParams({ path })}`;
}

const base = 'http://site.invalid';

/**
 * A path on this site to return to, or the home page. Resolved as a browser would (it drops tabs
 * and line breaks and reads a backslash as a slash), so no spelling of `//host` leads elsewhere.
 */
export function sameSitePath(value: string | null): string {
  if (value === null || !value.startsWith('/')) return '/';
  const url = new URL(value, base);
  return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : '/';
}
