// @ts-check

/*
 * How long a public page may be served from a cache: the whole of the editor's promise that a
 * publication shows, and an unpublished text goes, within a few seconds on every instance and
 * behind any shared cache that honours Cache-Control (docs/decisions/ has the record).
 *
 * Next turns these into the page's `Cache-Control: s-maxage=REVALIDATE,
 * stale-while-revalidate=EXPIRE-REVALIDATE`, and keeps to them itself: after REVALIDATE seconds a
 * request is answered from the cache while the page is rendered again, after EXPIRE seconds the
 * page is rendered before anyone gets it. A shared cache in front may add the same again, so a
 * visitor sees a change at the latest 2 × EXPIRE seconds (plus a render) after it was made.
 *
 * Plain JavaScript: next.config.ts and the tests read it, and the route segment configs must repeat
 * REVALIDATE as a literal (Next reads them without running code); page-lifetimes.test.ts holds them to it.
 */

/** Seconds a cached public page counts as fresh. */
export const PAGE_REVALIDATE_SECONDS = 1;

/** Seconds after which a cached public page is never served again without a new render. */
export const PAGE_EXPIRE_SECONDS = 2;
