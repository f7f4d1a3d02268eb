'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';

import { PREFETCH_ROOT_MARGIN, SITE_PREFETCH_SELECTOR } from '@/lib/site-prefetch';

type NetworkInformation = { saveData?: boolean; effectiveType?: string };

/** A visitor who asked to save data, or on a 2G connection, pays for every byte fetched in advance. */
function spareTheConnection(): boolean {
  const connection: NetworkInformation | undefined = Reflect.get(navigator, 'connection');
  return connection?.saveData === true || connection?.effectiveType === 'slow-2g' || connection?.effectiveType === '2g';
}

/** Once the page has loaded and the main thread has nothing to do; where idle callbacks are missing, a moment after load. */
function whenIdle(run: () => void): () => void {
  let cancel = () => {};
  const schedule = () => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(run, { timeout: 5_000 });
      cancel = () => cancelIdleCallback(id);
    } else {
      const id = setTimeout(run, 1_000);
      cancel = () => clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    cancel();
  };
}

/**
 * Prefetches the internal pages a visitor is likely to open next, without competing with the page
 * itself for the network or the main thread:
 * - links that come within 200px of the viewport (spec §7), only once the page has loaded and the
 *   main thread is idle, and never on a Save-Data or 2G connection;
 * - any link a visitor shows intent to open: a pointer over it, focus on it, a touch.
 * Next's default prefetches every link in view as soon as the page starts, which took the main
 * thread in the seconds a slow phone needs to start it. One listener and one observer for the whole
 * document (Next's "hover-triggered prefetch" example): nothing per link to hydrate. Only links
 * marked with `sitePrefetch` (lib/site-prefetch.ts) take part, so a plain link to a file or a route
 * handler is never fetched as a page. Each page is prefetched once per document.
 */
export function SitePrefetch() {
  const router = useRouter();
  const pathname = usePathname();
  // Kept across client navigations: the router keeps what it prefetched too.
  const prefetched = useRef(new Set<string>());

  useEffect(() => {
    function prefetchLink(link: Element) {
      if (!(link instanceof HTMLAnchorElement)) return;
      const target = new URL(link.href);
      if (target.origin !== window.location.origin) return;
      const path = `${target.pathname}${target.search}`;
      if (path === `${window.location.pathname}${window.location.search}` || prefetched.current.has(path)) return;
      prefetched.current.add(path);
      router.prefetch(path);
    }
    function onIntent(event: Event) {
      const link = event.target instanceof Element ? event.target.closest(SITE_PREFETCH_SELECTOR) : null;
      if (link) prefetchLink(link);
    }
    const passive = { passive: true } as const;
    document.addEventListener('pointerover', onIntent, passive);
    document.addEventListener('focusin', onIntent, passive);
    document.addEventListener('touchstart', onIntent, passive);

    let observer: IntersectionObserver | undefined;
    const stopWaiting =
      typeof IntersectionObserver === 'function' && !spareTheConnection()
        ? whenIdle(() => {
            observer = new IntersectionObserver(
              (entries) => {
                for (const entry of entries) {
                  if (!entry.isIntersecting) continue;
                  observer?.unobserve(entry.target);
                  prefetchLink(entry.target);
                }
              },
              { rootMargin: PREFETCH_ROOT_MARGIN },
            );
            for (const link of document.querySelectorAll(SITE_PREFETCH_SELECTOR)) observer.observe(link);
          })
        : () => {};

    return () => {
      document.removeEventListener('pointerover', onIntent);
      document.removeEventListener('focusin', onIntent);
      document.removeEventListener('touchstart', onIntent);
      stopWaiting();
      observer?.disconnect();
    };
    // A client navigation brings new links: they are observed once that page is idle in turn.
  }, [router, pathname]);

  return null;
}
