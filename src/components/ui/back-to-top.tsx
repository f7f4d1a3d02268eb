'use client';

import { useEffect, useState } from 'react';

/** Spec §2 widget 2: hidden until the page has scrolled more than this many pixels. */
export const BACK_TO_TOP_THRESHOLD = 300;

export function BackToTop({ label }: { label: string }) {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > BACK_TO_TOP_THRESHOLD);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  if (!visible) return null;

  function scrollToTop() {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'instant' : 'smooth' });
    // The button disappears near the top, which would drop focus to <body> at the end of the
    // document. Focus goes where the view goes: the first link of the site header, so the next Tab
    // continues from the top and a screen reader hears where it landed. The scroll is ours.
    const top = document.querySelector<HTMLElement>('header a[href]') ?? document.getElementById('content');
    top?.focus({ preventScroll: true });
  }

  return (
    <button
      type="button"
      aria-label={label}
      onClick={scrollToTop}
      className="fixed right-5 bottom-5 z-40 grid size-12 place-items-center rounded-full bg-fg text-page shadow-lg lg:right-10 lg:bottom-10"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2.5">
        <path d="M12 19V5M5 12l7-7 7 7" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
