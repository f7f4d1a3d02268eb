'use client';

import { useEffect, type ReactNode } from 'react';
import { CONSENT_ATTRIBUTE, CONSENT_STORAGE_KEY, type ConsentChoice } from './consent-choice';

type ConsentBannerProps = {
  label: string;
  title: string;
  text: string;
  accept: string;
  reject: string;
  /** The link to the cookie statement, rendered on the server. */
  policyLink: ReactNode;
};

const button =
  'rounded-full border-2 border-fg bg-fg px-5 py-3 font-semibold text-page transition-opacity hover:opacity-85 motion-reduce:transition-none';

/**
 * The consent question. Visible in the server HTML and hidden by CSS once <html> carries the
 * stored choice (set before paint by ConsentScript), so it never flashes and, being fixed at the
 * bottom, never shifts the layout. Accept and reject look the same: refusing is as easy as agreeing.
 */
export function ConsentBanner({ label, title, text, accept, reject, policyLink }: ConsentBannerProps) {
  // Next sends a 404 as an empty document that the browser renders by itself, and inline scripts
  // rendered that way never run. Without ConsentScript, the stored choice is applied here, after
  // hydration, and a new one is stored without touching analytics (which did not load either).
  useEffect(() => {
    if (window.bitwerfConsent) return;
    const stored = readStoredChoice();
    if (stored) document.documentElement.setAttribute(CONSENT_ATTRIBUTE, stored);
  }, []);

  const choose = (choice: ConsentChoice) => () => {
    if (window.bitwerfConsent) {
      window.bitwerfConsent(choice);
    } else {
      try {
        localStorage.setItem(CONSENT_STORAGE_KEY, choice);
      } catch {
        // Privacy modes may refuse storage; the choice then holds for this page only.
      }
      document.documentElement.setAttribute(CONSENT_ATTRIBUTE, choice);
    }
    // The banner is about to disappear; hand focus to the content instead of losing it.
    document.getElementById('content')?.focus({ preventScroll: true });
  };
  return (
    <section
      id="consent-banner"
      aria-label={label}
      tabIndex={-1}
      className="fixed inset-x-3 bottom-3 z-50 max-w-lg rounded-3xl border border-line bg-page p-5 text-base text-fg shadow-2xl outline-none sm:inset-x-auto sm:right-5 sm:p-6 lg:right-10 lg:bottom-10 [[data-consent]_&]:hidden"
    >
      <h2 className="text-lg">{title}</h2>
      <p className="mt-2 text-muted">
        {text} {policyLink}
      </p>
      <div className="mt-5 grid grid-cols-2 gap-3">
        <button type="button" className={button} onClick={choose('denied')}>
          {reject}
        </button>
        <button type="button" className={button} onClick={choose('granted')}>
          {accept}
        </button>
      </div>
    </section>
  );
}

function readStoredChoice(): ConsentChoice | null {
  try {
    const stored = localStorage.getItem(CONSENT_STORAGE_KEY);
    return stored === 'granted' || stored === 'denied' ? stored : null;
  } catch {
    return null;
  }
}
