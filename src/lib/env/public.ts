// Public (browser-safe) settings with their documented defaults. Next inlines
// NEXT_PUBLIC_* only when written out literally, so each one is read by name. No zod here: the
// navigation brings this module to every page's browser bundle, and each value has a default.

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** Where the site is served; used for canonical URLs, hreflang and the sitemap. */
export const siteUrl = withoutTrailingSlash(process.env.NEXT_PUBLIC_SITE_URL || 'http://localhost:3000');

/** Google Analytics 4 measurement id; the placeholder keeps the tag shape valid until one is set. */
export const gaMeasurementId = process.env.NEXT_PUBLIC_GA_MEASUREMENT_ID || 'G-XXXXXXXXXX';

/** The firm's separate AI site, linked from the navigation with a "new" badge. */
export const aiSiteUrl = process.env.NEXT_PUBLIC_AI_SITE_URL || 'https://ai.bitwerf.nl';
