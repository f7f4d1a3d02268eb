/**
 * The visitor's analytics choice, shared by the inline script that applies and records it
 * (consent-script.ts) and the server components that render its buttons. Kept in localStorage, not
 * a cookie: public pages are the same for everyone (an edge keeps them), so the server never reads
 * it and it has no reason to travel with every request (see the cookie statement).
 */
export const CONSENT_STORAGE_KEY = 'bitwerf-consent';

/** Set on <html> once a choice is known; CSS hides the banner while it is present. */
export const CONSENT_ATTRIBUTE = 'data-consent';

/** On the banner's two buttons, with the choice each records. */
export const CONSENT_CHOICE_ATTRIBUTE = 'data-consent-choice';

/** On every button that reopens the banner ("cookie settings"). */
export const CONSENT_REOPEN_ATTRIBUTE = 'data-consent-reopen';

/** Marks the button that reopened the banner, so focus can return to it after the new choice. */
export const CONSENT_OPENER_ATTRIBUTE = 'data-consent-opener';

export type ConsentChoice = 'granted' | 'denied';

declare global {
  interface Window {
    /** Defined by the inline consent script: stores and applies a choice (see consent-script.ts). */
    bitwerfConsent?: (choice: ConsentChoice) => void;
    /** Defined by the inline analytics bootstrap: loads gtag.js once (see analytics-bootstrap.ts). */
    bitwerfLoadAnalytics?: () => void;
  }
}
