'use client';

import { COLOUR_MODE_TOGGLE_ATTRIBUTE } from '@/lib/theme/colour-mode';

import { useDarkMode } from './use-dark-mode';

/**
 * Light/dark switch. The colour-mode script answers its clicks from the first paint, before React
 * hydrates (lib/theme/colour-mode.ts); this leaf only keeps aria-checked right once React renders
 * it. The knob follows the class on <html> in CSS (not the drawer's own dark class), so it is right before either runs.
 */
export function ThemeToggle({ label }: { label: string }) {
  const dark = useDarkMode();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={dark}
      {...{ [COLOUR_MODE_TOGGLE_ATTRIBUTE]: '' }}
      // The script sets aria-checked before React hydrates; the server, not knowing the choice, said false.
      suppressHydrationWarning
      className="group inline-flex items-center gap-3 py-2 [[data-page-scripts-off]_&]:hidden"
    >
      <span
        aria-hidden="true"
        className="relative h-6 w-11 rounded-full border-2 border-current transition-colors motion-reduce:transition-none"
      >
        <span className="absolute top-0.5 left-0.5 size-4 rounded-full bg-current transition-transform motion-reduce:transition-none [html.dark_&]:translate-x-5" />
      </span>
      <span className="text-base">{label}</span>
    </button>
  );
}
