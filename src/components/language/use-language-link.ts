'use client';

import { useRouter } from 'next/navigation';
import type { MouseEvent } from 'react';

/**
 * The click handler of a link to the same page in another language. Before React hydrates, the
 * link is a plain one (its href names the same path) and the language script stores the choice
 * (i18n/locale-choice.ts); once hydrated, the query and hash, which only exist in the browser, are
 * carried over and the router takes it. Clicks that open a new tab or window are left alone.
 */
export function useLanguageLink() {
  const router = useRouter();
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    router.push(`${event.currentTarget.pathname}${window.location.search}${window.location.hash}`);
  };
}
