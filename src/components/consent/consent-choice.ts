/**
 * The visitor's analytics choice, shared by the inline script that applies it before paint and the
 * client leaves that change it. Kept in localStorage, not a cookie: the pages are static, so the
 * server never reads it and it has no reason to travel with every request (see the cookie statement).
 */
export const CONSENT_STORAGE_KEY = 'bitwerf-consent';

/** Set on <html> once a choice is known; CSS hides the banner while it is present. */
export const CONSENT_ATTRIBUTE = 'data-consent';

/** Marks the button that reopened the banner, so focus can return to it after the new choice. */
export const CONSENT_OPENER_ATTRIBUTE = 'data-consent-opener';

export type ConsentChoice = 'granted' | 'denied';

declare global {
  interface Window {
    /** Defined by the inline consent script: stores and applies a choice (see consent-script.tsx). */
    bitwerfConsent?: (choice: ConsentChoice) => void;
    /** Defined by the inline analytics bootstrap: loads gtag.js once (see google-analytics.tsx). */
    bitwerfLoadAnalytics?: () => void;
  }
}
