import { localeOfPath, stripLocale } from '@/i18n/locale-path';
import { routing, type Locale } from '@/i18n/routing';
import { PAGE_REVALIDATE_SECONDS } from '@/lib/page-cache/lifetimes.mjs';
import { createAnonymousClient } from '@/lib/supabase/anonymous';

import { OPEN_COLLECTIONS, type OpenCollection } from './collections';
import { pageCount } from './pagination';

/** What a collection's addresses answer for: its slugs (old ones too), and its published entries per language. */
export type KnownContent = { slugs: ReadonlySet<string>; published: Readonly<Record<Locale, number>> };

/** A public address that only content makes: an entry's, or a page of the blog's list past the first. */
export type ContentAddress = { collection: OpenCollection; knows: (content: KnownContent) => boolean };

const ENTRY_PATH = /^\/([^/]+)\/([^/]+)$/;
const LIST_PAGE_PATH = /^\/blog\/page\/([^/]+)$/;
/**
 * The one fixed route beside each collection's slugs: the list page's Open Graph image
 * (`/blog/opengraph-image-<hash>`), which Next routes before the slug page.
 */
const LIST_IMAGE = /^opengraph-image(?:-|$)/;

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // Malformed percent-encoding names nothing an editor could have chosen.
    return segment;
  }
}

/**
 * The content a pathname's answer depends on, as the pages read their params; null for any other
 * path. A list page exists as the page itself decides (src/lib/content/pagination.ts): 2 up to
 * the number of pages the language's posts fill.
 */
export function contentAddressOf(pathname: string): ContentAddress | null {
  const path = stripLocale(pathname);
  const listPage = LIST_PAGE_PATH.exec(path);
  if (listPage !== null) {
    const page = Number(decoded(listPage[1] ?? ''));
    const locale = localeOfPath(pathname);
    return { collection: 'blog', knows: ({ published }) => Number.isInteger(page) && page >= 2 && page <= pageCount(published[locale]) };
  }
  const entry = ENTRY_PATH.exec(path);
  if (entry === null) return null;
  const [, first = '', encoded = ''] = entry;
  const collection = OPEN_COLLECTIONS.find((name) => name === first);
  if (collection === undefined || LIST_IMAGE.test(encoded)) return null;
  const slug = decoded(encoded);
  return { collection, knows: ({ slugs }) => slugs.has(slug) };
}

export type ReadKnownContent = (collection: OpenCollection) => Promise<KnownContent>;

const isLocale = (value: unknown): value is Locale => routing.locales.some((locale) => locale === value);

/** content_known_slugs(): each published entry's slug and language, and the old slugs that lead to one. */
export const readKnownContent: ReadKnownContent = async (collection) => {
  const { data, error } = await createAnonymousClient().rpc('content_known_slugs', { wanted_collection: collection });
  if (error !== null) throw new Error(`content_known_slugs(${collection}) failed: ${error.message}`);
  const published = { nl: 0, en: 0 };
  for (const { locale } of data) if (isLocale(locale)) published[locale] += 1;
  return { slugs: new Set(data.map((row) => row.slug)), published };
};

/**
 * Answers whether an address is certainly unknown, so the proxy can give it the site's 404 page
 * before any page renders (docs/decisions/0028-unknown-slugs-answered-by-the-proxy.md).
 *
 * Held per collection (three, whatever visitors ask for). An address the held content knows is
 * answered from it at once, and content older than a page's lifetime is read again in the
 * background. Any other is checked against a read made for this request, so a post published a
 * moment ago is never refused; that read costs less than the page render it replaces. While the
 * backend cannot be read the answer is "not certain": the page decides, from the content it last read.
 */
export function createUnknownAddressCheck(
  read: ReadKnownContent,
  { maxAgeMs = PAGE_REVALIDATE_SECONDS * 1000, now = Date.now }: { maxAgeMs?: number; now?: () => number } = {},
) {
  const held = new Map<OpenCollection, { content: KnownContent; readAt: number }>();
  const refreshing = new Set<OpenCollection>();
  let saidUnavailable = false;

  async function readNow(collection: OpenCollection): Promise<KnownContent | null> {
    try {
      const content = await read(collection);
      held.set(collection, { content, readAt: now() });
      if (saidUnavailable) console.warn('The known slugs are read from the backend again.');
      saidUnavailable = false;
      return content;
    } catch (error) {
      if (!saidUnavailable)
        console.warn(`${error instanceof Error ? error.message : String(error)}; the pages decide until it can be read.`);
      saidUnavailable = true;
      return null;
    }
  }

  return async function isUnknownAddress({ collection, knows }: ContentAddress): Promise<boolean> {
    const current = held.get(collection);
    if (current !== undefined && knows(current.content)) {
      if (now() - current.readAt > maxAgeMs && !refreshing.has(collection)) {
        refreshing.add(collection);
        void readNow(collection).finally(() => refreshing.delete(collection));
      }
      return false;
    }
    const content = await readNow(collection);
    return content !== null && !knows(content);
  };
}
