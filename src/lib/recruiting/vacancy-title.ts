import 'server-only';

import type { Locale } from '@/i18n/routing';
import { getVacancy } from '@/lib/content/vacancies';

/** A vacancy's title as a staff page shows it, with its language when that is not the page's (WCAG 3.1.2). */
export type ShownTitle = { text: string; lang?: Locale };

/**
 * The title of the vacancy `slug` in the page's language when the site has it in that language;
 * otherwise the title stored with the application, in the language it was applied in (when known).
 */
export async function vacancyTitleIn(locale: Locale, slug: string, stored: { title: string | null; locale?: Locale }): Promise<ShownTitle> {
  const resolved = await getVacancy(slug, locale);
  if (resolved && !resolved.isFallback) return { text: resolved.entry.data.title };
  if (stored.title !== null) return { text: stored.title, lang: stored.locale === locale ? undefined : stored.locale };
  if (resolved) return { text: resolved.entry.data.title, lang: resolved.entry.locale };
  return { text: slug };
}
