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
