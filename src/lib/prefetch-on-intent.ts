/**
 * What an internal `next/link` carries to be prefetched once a visitor shows intent instead of as
 * soon as it scrolls into view: Next's own prefetching off, and the mark that the one listener of
 * components/layout/prefetch-on-intent.tsx looks for. Spread onto the link: `<Link {...prefetchOnIntent}>`.
 */
export const prefetchOnIntent = { prefetch: false, 'data-prefetch': 'intent' } as const;

/** The selector for links so marked. */
export const PREFETCH_ON_INTENT_SELECTOR = `a[data-prefetch="${prefetchOnIntent['data-prefetch']}"]`;
