import 'server-only';

import { createClient as createSupabaseClient } from '@supabase/supabase-js';

import type { Locale } from '@/i18n/routing';
import { isOpenCollection, type OpenCollection } from '@/lib/content/collections';
import { entryPath } from '@/lib/content/preview-paths';
import { getAllVacancies } from '@/lib/content/vacancies';
import { getServerEnv } from '@/lib/env/server';
import { getSupabasePublicEnv } from '@/lib/env/supabase-public';
import { consumeRateLimit } from '@/lib/rate-limit';
import type { Database } from '@/lib/supabase/database.types';

import { splitHighlight, type PassagePart } from './highlight';

export type SearchResult = {
  collection: OpenCollection;
  /** The entry's page in the visitor's language. */
  href: string;
  title: string;
  description: string;
  passage: PassagePart[];
  /** A vacancy that no longer takes applications: it stays published, so search finds it. */
  closed: boolean;
};

/** The most results a search shows; a page that has this many says there may be more. */
export const MAX_SEARCH_RESULTS = 20;

/** How often one client may search: far above what a person types, far below a script's pace (security review 3, I3). */
export const SEARCH_RATE_LIMIT = { maxSearches: 30, windowSeconds: 60 } as const;

/** A search's answer: its results, or why there are none to show. */
export type SearchOutcome = { results: SearchResult[] } | { refused: 'limited' | 'unavailable' };

/** The slugs of the published vacancies in a language that are closed (by status or closing date). */
async function closedVacancies(locale: Locale): Promise<Set<string>> {
  const vacancies = await getAllVacancies();
  return new Set(vacancies.filter((vacancy) => vacancy.locale === locale && !vacancy.isOpen).map((vacancy) => vacancy.slug));
}

/**
 * Published posts, vacancies and case studies in a language that match the query, best first, for the client
 * `clientKey` names (an HMAC of its address, src/lib/request/client-ip.ts): each search counts
 * against its limit first. Read as an anonymous visitor (no session), so the answer is the same
 * for everyone and drafts cannot appear. When the limiter cannot answer the search goes ahead: it
 * reads only what is public, and the database it asks is the limiter's own.
 */
export async function searchContent(query: string, locale: Locale, clientKey: string): Promise<SearchOutcome> {
  if (query === '') return { results: [] };
  // Raised with the auth limits for test suites that search many times from one address.
  const maxSearches = SEARCH_RATE_LIMIT.maxSearches * getServerEnv().authClientLimitFactor;
  const allowed = await consumeRateLimit(`search:${clientKey}`, maxSearches, SEARCH_RATE_LIMIT.windowSeconds);
  if (allowed === false) return { refused: 'limited' };
  const { url, key } = getSupabasePublicEnv();
  const supabase = createSupabaseClient<Database>(url, key, { auth: { persistSession: false, autoRefreshToken: false } });
  const { data, error } = await supabase.rpc('search_content', {
    search_query: query,
    wanted_locale: locale,
    max_results: MAX_SEARCH_RESULTS,
  });
  if (error !== null) {
    console.error(`[search] search_content failed: ${error.message}`);
    return { refused: 'unavailable' };
  }
  // Closed vacancies stay published (and so searchable); the label says they take no applications (copy review 3, S19).
  const closed = data.some((row) => row.collection === 'vacancies') ? await closedVacancies(locale) : new Set<string>();
  const results = data.flatMap((row) => {
    // Search covers posts, vacancies and cases; the site's pages are not among its results.
    if (!isOpenCollection(row.collection)) return [];
    return [
      {
        collection: row.collection,
        href: entryPath(row.collection, row.slug, locale),
        title: row.title,
        description: row.description,
        passage: splitHighlight(row.passage),
        closed: row.collection === 'vacancies' && closed.has(row.slug),
      },
    ];
  });
  return { results };
}
