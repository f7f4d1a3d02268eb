import { routing, type Locale } from './routing';

// IMPORTANT: the site does not use next-intl's createNavigation. Importing it anywhere in the
// page tree, even only for getPathname on the server, ships its client <Link> and the use-intl
// runtime (~13 KB gz) to every page: most of the public pages' JavaScript budget. Slugs are the
// same in every locale, so the prefix rule is exact as three pure functions; locale-path.test.ts
// pins them to next-intl's own getPathname so the two cannot drift.

function prefixOf(locale: Locale): string {
  return locale === routing.defaultLocale ? '' : `/${locale}`;
}

/** The locale of a browser pathname, e.g. "/en/blog" → "en", "/blog" → "nl". */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split('/')[1];
  return routing.locales.find((l) => l !== routing.defaultLocale && l === first) ?? routing.defaultLocale;
}

/** A browser pathname without its locale prefix: "/en/blog" → "/blog", "/en" → "/". */
export function stripLocale(pathname: string): string {
  const prefix = prefixOf(localeOfPath(pathname));
  const rest = pathname.slice(prefix.length);
  return rest === '' ? '/' : rest;
}

/** An internal path in a locale: ("/blog", "en") → "/en/blog", ("/", "en") → "/en". */
export function withLocale(path: string, locale: Locale): string {
  const prefix = prefixOf(locale);
  if (path === '/') return prefix || '/';
  return `${prefix}${path}`;
}
