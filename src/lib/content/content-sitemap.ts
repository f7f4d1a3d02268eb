import 'server-only';
import type { MetadataRoute } from 'next';

import { localizedUrl } from '@/lib/seo/page-metadata';

import { getAllPosts } from './blog-posts';
import { getAllCases } from './case-studies';
import { allSlugs, localesOf } from './localized-entries';
import { getAllVacancies } from './vacancies';

type Item = { slug: string; locale: 'nl' | 'en'; data: { date?: string; updated?: string; datePosted?: string } };

function entries(items: readonly Item[], basePath: string): MetadataRoute.Sitemap {
  return allSlugs(items).flatMap((slug) => {
    // Only the languages the item is written in: a fallback page is not a page of its own.
    const locales = localesOf(items, slug);
    const languages = Object.fromEntries(locales.map((l) => [l, localizedUrl(l, `${basePath}/${slug}`)]));
    return locales.map((locale) => {
      const data = items.find((i) => i.slug === slug && i.locale === locale)?.data;
      const day = data?.updated ?? data?.date ?? data?.datePosted;
      return {
        url: localizedUrl(locale, `${basePath}/${slug}`),
        ...(day && { lastModified: day }),
        alternates: { languages },
      };
    });
  });
}

/** A case study has no date of its own to give as its last change. */
const undated = ({ slug, locale }: Pick<Item, 'slug' | 'locale'>): Item => ({ slug, locale, data: {} });

/** Every blog post, vacancy (closed ones stay reachable, so they stay listed) and case study per language. */
export async function contentSitemap(): Promise<MetadataRoute.Sitemap> {
  const [posts, vacancies, cases] = await Promise.all([getAllPosts(), getAllVacancies(), getAllCases()]);
  return [...entries(posts, '/blog'), ...entries(vacancies, '/vacancies'), ...entries(cases.map(undated), '/cases')];
}
