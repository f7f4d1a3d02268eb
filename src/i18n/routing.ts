import { defineRouting } from 'next-intl/routing';

// The single source of truth for locales: Dutch is the default and has no prefix,
// English lives under /en. Slugs are the same in both languages.
export const routing = defineRouting({
  locales: ['nl', 'en'],
  defaultLocale: 'nl',
  localePrefix: 'as-needed',
});

export type Locale = (typeof routing.locales)[number];
