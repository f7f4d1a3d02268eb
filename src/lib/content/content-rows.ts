import type { z } from 'zod';

import { routing, type Locale } from '@/i18n/routing';

import type { ContentEntry } from './parse-content-file';

/** One row of published_content() or of a working copy, before it is trusted. */
export type ContentRow = { slug: string; locale: string; front_matter: unknown; body: string };

export type RowRejection = { row: string; reasons: string[] };

/**
 * Rows to entries, each checked as a file was: the front matter against the collection's schema,
 * the locale against the site's. A row that fails is left out and reported, so an invalid row
 * never reaches a page and the others still show.
 */
export function validateRows<Schema extends z.ZodType>(
  collection: string,
  rows: readonly ContentRow[],
  schema: Schema,
): { entries: ContentEntry<z.output<Schema>>[]; rejected: RowRejection[] } {
  const entries: ContentEntry<z.output<Schema>>[] = [];
  const rejected: RowRejection[] = [];
  for (const row of rows) {
    const name = `${collection}/${row.slug}.${row.locale}`;
    const locale: Locale | undefined = routing.locales.find((l) => l === row.locale);
    const parsed = schema.safeParse(row.front_matter);
    if (locale === undefined || !parsed.success) {
      const reasons = [
        ...(locale === undefined ? [`unknown locale "${row.locale}"`] : []),
        ...(parsed.success ? [] : parsed.error.issues.map((i) => `field "${i.path.join('.') || '(front matter)'}": ${i.message}`)),
      ];
      rejected.push({ row: name, reasons });
      continue;
    }
    entries.push({ slug: row.slug, locale, data: parsed.data, body: row.body, file: name });
  }
  return { entries, rejected };
}
