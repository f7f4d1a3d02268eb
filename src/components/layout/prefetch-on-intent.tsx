'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

import { PREFETCH_ON_INTENT_SELECTOR } from '@/lib/prefetch-on-intent';

/**
 * Prefetches an internal page when a visitor shows intent to open it: a pointer over its link,
 * focus on it, or a touch. Next's default prefetches every link as it scrolls into view; a public
 * page shows a dozen, and fetching and parsing that many pages on load took the main thread in the
 * seconds a slow phone needs to start the page. One listener for the whole document rather than
 * state in every link (Next's "hover-triggered prefetch" example): nothing per link to hydrate.
 * Only links marked with `prefetchOnIntent` (lib/prefetch-on-intent.ts) take part, so a plain
 * link to a file or a route handler is never fetched as a page.
 */
export function PrefetchOnIntent() {
  const router = useRouter();

  useEffect(() => {
    const prefetched = new Set<string>();
    function onIntent(event: Event) {
      const link = event.target instanceof Element ? event.target.closest(PREFETCH_ON_INTENT_SELECTOR) : null;
      if (!(link instanceof HTMLAnchorElement)) return;
      const target = new URL(link.href);
      if (target.origin !== window.location.origin) return;
      const path = `${target.pathname}${target.search}`;
      if (path === `${window.location.pathname}${window.location.search}` || prefetched.has(path)) return;
      prefetched.add(path);
      router.prefetch(path);
    }
    const passive = { passive: true } as const;
    document.addEventListener('pointerover', onIntent, passive);
    document.addEventListener('focusin', onIntent, passive);
    document.addEventListener('touchstart', onIntent, passive);
    return () => {
      document.removeEventListener('pointerover', onIntent);
      document.removeEventListener('focusin', onIntent);
      document.removeEventListener('touchstart', onIntent);
    };
  }, [router]);

  return null;
}
