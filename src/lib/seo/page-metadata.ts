import type { Metadata } from 'next';
import type { MessageKeys, NestedKeyOf } from 'next-intl';
import { getTranslations } from 'next-intl/server';

import { withLocale } from '@/i18n/locale-path';
import type { Messages } from '@/i18n/messages';
import { routing, type Locale } from '@/i18n/routing';
import { siteUrl } from '@/lib/env/public';
import type { LegalKey } from '@/lib/legal-pages';

/** Absolute URL of an internal path in a locale (Dutch unprefixed, English under /en). */
export function localizedUrl(locale: Locale, path: string): string {
  const pathname = withLocale(path, locale);
  return pathname === '/' ? siteUrl : `${siteUrl}${pathname}`;
}

/** Canonical URL plus hreflang alternates for both languages and x-default (the Dutch page). */
export function languageAlternates(locale: Locale, path: string): Metadata['alternates'] {
  return {
    canonical: localizedUrl(locale, path),
    languages: {
      ...Object.fromEntries(routing.locales.map((l) => [l, localizedUrl(l, path)])),
      'x-default': localizedUrl(routing.defaultLocale, path),
    },
  };
}

// A page's copy lives in its own namespace, or, for the legal pages, in one document of `legal`.
export type PageNamespace = Exclude<keyof Messages, 'common' | 'legal'> | `legal.${LegalKey}`;

/** Title, description, canonical and alternates for a page whose copy has a `meta` block. */
export async function pageMetadata(locale: Locale, namespace: PageNamespace, path: string): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace });
  return documentMetadata(locale, path, { title: t('meta.title'), description: t('meta.description') });
}

/** Title, description, canonical and alternates for a page whose copy is a document (home, about). */
export function documentMetadata(locale: Locale, path: string, { title, description }: { title: string; description: string }): Metadata {
  const url = localizedUrl(locale, path);
  return {
    title,
    description,
    alternates: languageAlternates(locale, path),
    openGraph: { title, description, url, locale: locale === 'nl' ? 'nl_NL' : 'en_GB', type: 'website' },
  };
}

/** Metadata for pages behind or around sign-in: a title, and never indexed or followed. */
export function privatePageMetadata(title: string): Metadata {
  return { title, robots: { index: false, follow: false } };
}

/** Metadata for an address that shows nothing: the 404's title in the page's language, never indexed. */
export async function notFoundMetadata(locale: Locale): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'common.notFound' });
  return { title: t('metaTitle'), robots: { index: false } };
}

/** Any message that is a plain text, named by its whole path (`auth.meta.signIn`). */
type MessageKey = MessageKeys<Messages, NestedKeyOf<Messages>>;

/** The generateMetadata of a private page titled by one message, in the page's language. */
export function privatePageTitle(key: MessageKey) {
  return async ({ params }: { params: Promise<{ locale: Locale }> }): Promise<Metadata> => {
    const t = await getTranslations({ locale: (await params).locale });
    return privatePageMetadata(t(key));
  };
}

/** The generateMetadata of a public page whose copy has a `meta` block (see pageMetadata). */
export function publicPageMetadata(namespace: PageNamespace, path: string) {
  return async ({ params }: { params: Promise<{ locale: Locale }> }): Promise<Metadata> =>
    pageMetadata((await params).locale, namespace, path);
}
