import { defineRouting } from 'next-intl/routing';

/**
 * The visitor's language choice. Set by the middleware on a prefixed visit and by the language
 * switch on a click (an unprefixed Dutch URL would otherwise follow Accept-Language back to /en).
 * A year, so the choice survives closing the browser.
 */
export const localeCookie = { name: 'NEXT_LOCALE', maxAge: 60 * 60 * 24 * 365, sameSite: 'lax' as const };

// The single source of truth for locales: Dutch is the default and has no prefix,
// English lives under /en. Slugs are the same in both languages.
export const routing = defineRouting({
  locales: ['nl', 'en'],
  defaultLocale: 'nl',
  localePrefix: 'as-needed',
  localeCookie,
  // The pages' <head> already lists hreflang alternates built from NEXT_PUBLIC_SITE_URL; a second,
  // host-derived set in a Link header would disagree with it behind a proxy or on another port.
  alternateLinks: false,
});

export type Locale = (typeof routing.locales)[number];
