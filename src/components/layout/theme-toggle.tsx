'use client';

import { useTheme } from 'next-themes';
import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/** Light/dark switch. The stored choice is only known in the browser, so the server renders "off". */
export function ThemeToggle({ label }: { label: string }) {
  const { resolvedTheme, setTheme } = useTheme();
  const hydrated = useSyncExternalStore(subscribeNever, () => true, () => false);
  const dark = hydrated && resolvedTheme === 'dark';

  return (
    <button
      type="button"
      role="switch"
      aria-checked={dark}
      onClick={() => setTheme(dark ? 'light' : 'dark')}
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
