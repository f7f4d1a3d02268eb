import { routing, type Locale } from '@/i18n/routing';

/** The part of a content entry that language selection looks at. */
type Localized = { slug: string; locale: Locale };

/** What a URL in one locale shows: its own version, or the only other one with a notice. */
export type ResolvedEntry<E extends Localized> = {
  entry: E;
  /** True when the page's locale has no version and `entry` is in another language. */
  isFallback: boolean;
  /** The locales that have a version of this item, for hreflang and the sitemap. */
  locales: Locale[];
};

/** The entries a locale lists: only those written in that language. */
export function entriesIn<E extends Localized>(entries: readonly E[], locale: Locale): E[] {
  return entries.filter((e) => e.locale === locale);
}

/** Every slug in any language, so a one-language item also gets a page in the other locale. */
export function allSlugs(entries: readonly Localized[]): string[] {
  return [...new Set(entries.map((e) => e.slug))];
}

/** The locales that have a version of a slug, in routing order. */
export function localesOf(entries: readonly Localized[], slug: string): Locale[] {
  return routing.locales.filter((l) => entries.some((e) => e.slug === slug && e.locale === l));
}

/**
 * The version to show for a slug in a locale. Falls back to the default locale, then to any
 * version, so an item written in one language is reachable, not a 404, in the other.
 */
export function resolveEntry<E extends Localized>(entries: readonly E[], slug: string, locale: Locale): ResolvedEntry<E> | undefined {
  const versions = entries.filter((e) => e.slug === slug);
  const entry = versions.find((e) => e.locale === locale) ?? versions.find((e) => e.locale === routing.defaultLocale) ?? versions[0];
  if (!entry) return undefined;
  return { entry, isFallback: entry.locale !== locale, locales: localesOf(entries, slug) };
}

/**
 * What the lists would show once every working copy were published: each working copy in place of
 * the published version of the same slug and language, and copies never published added.
 */
export function withWorkingCopies<E extends Localized>(published: readonly E[], working: readonly E[]): E[] {
  const key = (e: Localized) => `${e.locale}/${e.slug}`;
  const replaced = new Set(working.map(key));
  return [...published.filter((e) => !replaced.has(key(e))), ...working];
}
