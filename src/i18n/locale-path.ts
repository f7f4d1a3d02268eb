import { routing, type Locale } from './routing';

// IMPORTANT: the site does not use next-intl's createNavigation. Importing it anywhere in the
// page tree, even only for getPathname on the server, ships its client <Link> and the use-intl
// runtime to every page: most of the public pages' JavaScript budget. Slugs are the
// same in every locale, so the prefix rule is exact as three pure functions; locale-path.test.ts
// pins them to next-intl's own getPathname so the two cannot drift.

function explicitLocaleOf(pathname: string): Locale | undefined {
  const first = pathname.split('/')[1];
  return routing.locales.find((l) => l === first);
}

/**
 * The locale of a pathname, e.g. "/en/blog" → "en", "/blog" → "nl". While a page is prerendered,
 * usePathname() gives the internal route ("/nl/blog"), so an explicit default prefix counts too.
 */
export function localeOfPath(pathname: string): Locale {
  return explicitLocaleOf(pathname) ?? routing.defaultLocale;
}

/** A pathname without its locale prefix: "/en/blog" → "/blog", "/nl/blog" → "/blog", "/en" → "/". */
export function stripLocale(pathname: string): string {
  const locale = explicitLocaleOf(pathname);
  const rest = locale ? pathname.slice(locale.length + 1) : pathname;
  return rest === '' ? '/' : rest;
}

/** An internal path in a locale: ("/blog", "en") → "/en/blog", ("/", "en") → "/en". */
export function withLocale(path: string, locale: Locale): string {
  const prefix = locale === routing.defaultLocale ? '' : `/${locale}`;
  if (path === '/') return prefix || '/';
  return `${prefix}${path}`;
}
