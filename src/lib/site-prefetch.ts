/**
 * What an internal `next/link` carries to be prefetched by the site's own rules instead of Next's
 * (components/layout/site-prefetch.tsx): Next's prefetching off, and the mark that the one listener
 * looks for. Spread onto the link: `<Link {...sitePrefetch}>`.
 */
export const sitePrefetch = { prefetch: false, 'data-prefetch': 'site' } as const;

/** The selector for links so marked. */
export const SITE_PREFETCH_SELECTOR = `a[data-prefetch="${sitePrefetch['data-prefetch']}"]`;

/** Spec §7: "Link prefetch root margin: 200px", how close to the viewport a link must come. */
export const PREFETCH_ROOT_MARGIN = '200px';
