'use client';

import { useTheme } from 'next-themes';
import { useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';

const subscribeNever = () => () => {};

/**
 * Runs `apply` with every transition switched off, so the page changes colour at once instead of
 * element by element. next-themes offers this (disableTransitionOnChange), but it then also does
 * it on every page load, forcing two full style recalculations during hydration; here it only
 * happens when the visitor switches.
 */
function withoutTransitions(apply: () => void) {
  const style = document.createElement('style');
  style.textContent = '*,*::before,*::after{transition:none!important}';
  document.head.appendChild(style);
  apply();
  // Compute the new colours while transitions are off, then allow them again.
  window.getComputedStyle(document.body);
  setTimeout(() => style.remove(), 1);
}

/** Light/dark switch. The stored choice is only known in the browser, so the server renders "off". */
export function ThemeToggle({ label }: { label: string }) {
  const { resolvedTheme, setTheme } = useTheme();
  const hydrated = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  const dark = hydrated && resolvedTheme === 'dark';

  return (
    <button
      type="button"
      role="switch"
      aria-checked={dark}
      // flushSync: next-themes applies the class in an effect, which must run before the styles are computed.
      onClick={() => withoutTransitions(() => flushSync(() => setTheme(dark ? 'light' : 'dark')))}
      className="group inline-flex items-center gap-3 py-2"
    >
      <span
        aria-hidden="true"
        className="relative h-6 w-11 rounded-full border-2 border-current transition-colors motion-reduce:transition-none"
      >
        <span
          className={`absolute top-0.5 left-0.5 size-4 rounded-full bg-current transition-transform motion-reduce:transition-none ${dark ? 'translate-x-5' : ''}`}
        />
      </span>
      <span className="text-base">{label}</span>
    </button>
  );
}
