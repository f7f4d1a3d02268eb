import { defineRouting } from 'next-intl/routing';

/**
 * The visitor's language choice: written in the browser, and only when the visitor picks a
 * language (the language switch, or the offer of the browser's language); read in the browser by
 * the language script, which takes a returning visitor from an unprefixed Dutch URL to /en. The
 * server never reads it, so a page's answer is the same for every visitor and a CDN may cache it.
 * A year, so the choice survives closing the browser.
 */
export const localeCookie = { name: 'NEXT_LOCALE', maxAge: 60 * 60 * 24 * 365, sameSite: 'lax' as const };

// The single source of truth for locales: Dutch is the default and has no prefix,
// English lives under /en. Slugs are the same in both languages.
export const routing = defineRouting({
  locales: ['nl', 'en'],
  defaultLocale: 'nl',
  localePrefix: 'as-needed',
  // The locale comes from the path alone: next.config.ts maps unprefixed paths to Dutch without
  // next-intl's middleware, so nothing negotiates on Accept-Language or sets a cookie per request.
  localeDetection: false,
  localeCookie: false,
  // The pages' <head> already lists hreflang alternates built from NEXT_PUBLIC_SITE_URL.
  alternateLinks: false,
});

export type Locale = (typeof routing.locales)[number];
