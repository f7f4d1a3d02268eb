'use client';

import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

const isDark = () => document.documentElement.classList.contains('dark');

/**
 * Whether the page is in dark mode, for client leaves that must render differently (the switch's
 * state, the Markdown editor's palette). The colour-mode script (lib/theme/colour-mode.ts) owns the
 * class; this only follows it. The server cannot know the visitor's choice, so it renders light.
 */
export function useDarkMode(): boolean {
  return useSyncExternalStore(subscribe, isDark, () => false);
}
