import { stripLocale } from '@/i18n/locale-path';
import { PAGE_REVALIDATE_SECONDS } from '@/lib/page-cache/lifetimes.mjs';
import { createAnonymousClient } from '@/lib/supabase/anonymous';

import { OPEN_COLLECTIONS, type OpenCollection } from './collections';

/** A public address of one entry: /blog/<slug>, /en/vacancies/<slug>, /cases/<slug>. */
export type EntryAddress = { collection: OpenCollection; slug: string };

const ENTRY_PATH = /^\/([^/]+)\/([^/]+)$/;
/**
 * The one fixed route beside each collection's slugs: the list page's Open Graph image
 * (`/blog/opengraph-image-<hash>`), which Next routes before the slug page.
 */
const LIST_IMAGE = /^opengraph-image(?:-|$)/;

/** The entry a pathname names, with its slug decoded as the page's params are; null for any other path. */
export function entryAddressOf(pathname: string): EntryAddress | null {
  const match = ENTRY_PATH.exec(stripLocale(pathname));
  if (match === null) return null;
  const [, first, encoded] = match;
  const collection = OPEN_COLLECTIONS.find((name) => name === first);
  if (collection === undefined || encoded === undefined || LIST_IMAGE.test(encoded)) return null;
  try {
    return { collection, slug: decodeURIComponent(encoded) };
  } catch {
    // Malformed percent-encoding names no slug an editor could have chosen.
    return { collection, slug: encoded };
  }
}

export type ReadKnownSlugs = (collection: OpenCollection) => Promise<ReadonlySet<string>>;

/** content_known_slugs(): each published entry's slug and the old slugs that lead to one. */
export const readKnownSlugs: ReadKnownSlugs = async (collection) => {
  const { data, error } = await createAnonymousClient().rpc('content_known_slugs', { wanted_collection: collection });
  if (error !== null) throw new Error(`content_known_slugs(${collection}) failed: ${error.message}`);
  return new Set(data);
};

/**
 * Answers whether a slug is certainly unknown, so the proxy can give it the site's 404 page before
 * any page renders (docs/decisions/0028-unknown-slugs-answered-by-the-proxy.md).
 *
 * Held per collection (three sets, whatever visitors ask for). A slug in the set is answered from
 * it at once, and a set older than a page's lifetime is read again in the background. A slug not in
 * it is checked against a read made for this request, so a post published a moment ago is never
 * refused; that read costs less than the page render it replaces. While the backend cannot be read
 * the answer is "not certain": the page decides, from the content it last read.
 */
export function createUnknownSlugCheck(
  read: ReadKnownSlugs,
  { maxAgeMs = PAGE_REVALIDATE_SECONDS * 1000, now = Date.now }: { maxAgeMs?: number; now?: () => number } = {},
) {
  const held = new Map<OpenCollection, { slugs: ReadonlySet<string>; readAt: number }>();
  const refreshing = new Set<OpenCollection>();
  let saidUnavailable = false;

  async function readNow(collection: OpenCollection): Promise<ReadonlySet<string> | null> {
    try {
      const slugs = await read(collection);
      held.set(collection, { slugs, readAt: now() });
      if (saidUnavailable) console.warn('The known slugs are read from the backend again.');
      saidUnavailable = false;
      return slugs;
    } catch (error) {
      if (!saidUnavailable)
        console.warn(`${error instanceof Error ? error.message : String(error)}; the pages decide until it can be read.`);
      saidUnavailable = true;
      return null;
    }
  }

  return async function isUnknownSlug({ collection, slug }: EntryAddress): Promise<boolean> {
    const current = held.get(collection);
    if (current?.slugs.has(slug)) {
      if (now() - current.readAt > maxAgeMs && !refreshing.has(collection)) {
        refreshing.add(collection);
        void readNow(collection).finally(() => refreshing.delete(collection));
      }
      return false;
    }
    const slugs = await readNow(collection);
    return slugs !== null && !slugs.has(slug);
  };
}
