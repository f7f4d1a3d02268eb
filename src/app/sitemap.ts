import type { MetadataRoute } from 'next';

import { routing } from '@/i18n/routing';
import { contentSitemap } from '@/lib/content/content-sitemap';
import { legalPages } from '@/lib/legal-pages';
import { navItems } from '@/lib/navigation-items';
import { localizedUrl } from '@/lib/seo/page-metadata';

// Built from published content: as long as a public page (src/lib/page-cache/lifetimes.mjs).
export const revalidate = 1;

/** Every public page in both languages (search included), each with its language alternates, then every post, vacancy and case study. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  // The search form is a page of its own (its results are not indexed, see search/page.tsx).
  // The cases are not in the menu (the spec's navigation stays as it is), but they are a page of their own.
  const paths = [
    ...navItems.filter((item) => !item.external).map((item) => item.src),
    '/cases',
    ...legalPages.map((page) => page.path),
    '/search',
  ];
  const pages = paths.flatMap((path) =>
    routing.locales.map((locale) => ({
      url: localizedUrl(locale, path),
      alternates: {
        languages: Object.fromEntries(routing.locales.map((l) => [l, localizedUrl(l, path)])),
      },
    })),
  );
  return [...pages, ...(await contentSitemap())];
}
