'use client';

import { useLayoutEffect, type ReactNode } from 'react';

import { buttonClass } from '@/components/ui/button-styles';

import { CONSENT_ATTRIBUTE, CONSENT_OPENER_ATTRIBUTE, CONSENT_STORAGE_KEY, type ConsentChoice } from './consent-choice';

type ConsentBannerProps = {
  label: string;
  title: string;
  text: string;
  accept: string;
  reject: string;
  /** The link to the cookie statement, rendered on the server. */
  policyLink: ReactNode;
};

const button = buttonClass({ size: 'lg' });

/**
 * The consent question, as a band at the very top of the page, in the normal flow. Visible in the
 * server HTML and hidden by CSS once <html> carries the stored choice (set before paint by
 * ConsentScript), so a returning visitor never sees it and a first visit never shifts: it is there
 * from the first paint. Being in the flow, it cannot cover focused content (WCAG 2.4.11) and scrolls
 * with the page at any zoom (1.4.10); being first, it is the first stop for the keyboard. Escape
 * does not dismiss it: a choice is needed. Accept and reject look the same: refusing is as easy as
 * agreeing.
 */
export function ConsentBanner({ label, title, text, accept, reject, policyLink }: ConsentBannerProps) {
  // Next sends a 404 as an empty document that the browser renders by itself, and inline scripts
  // rendered that way never run. Without ConsentScript, the stored choice is applied here, and a
  // new one is stored without touching analytics (which did not load either). A layout effect runs
  // before the first paint, so a returning visitor's banner is never drawn and then removed, which
  // would move the whole page now that the banner sits in the flow.
  useLayoutEffect(() => {
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
    // The banner is about to disappear. Reopened from a button (CookieSettingsButton marks it),
    // focus goes back there; on a first visit it goes on to the content instead of being lost.
    const opener = document.querySelector<HTMLElement>(`[${CONSENT_OPENER_ATTRIBUTE}]`);
    if (opener) {
      opener.removeAttribute(CONSENT_OPENER_ATTRIBUTE);
      opener.focus();
    } else {
      document.getElementById('content')?.focus({ preventScroll: true });
    }
  };
  return (
    <section
      id="consent-banner"
      aria-label={label}
      tabIndex={-1}
      // Focused when reopened; the ring sits inside the band, which spans the full width.
      className="border-b border-line bg-raised text-base text-fg focus-visible:-outline-offset-4 [[data-consent]_&]:hidden"
    >
      <div className="mx-auto flex w-full max-w-content flex-col gap-4 px-4 py-5 md:px-6 lg:flex-row lg:items-center lg:justify-between lg:gap-10">
        <div className="max-w-3xl">
          <h2 className="text-lg">{title}</h2>
          <p className="mt-1 text-muted">
            {text} {policyLink}
          </p>
        </div>
        <div className="grid shrink-0 grid-cols-2 gap-3 sm:max-w-sm lg:w-80">
          <button type="button" className={button} onClick={choose('denied')}>
            {reject}
          </button>
          <button type="button" className={button} onClick={choose('granted')}>
            {accept}
          </button>
        </div>
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
