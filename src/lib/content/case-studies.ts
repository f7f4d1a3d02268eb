import 'server-only';
import { cache } from 'react';

import type { Locale } from '@/i18n/routing';
import type { ContentImage } from '@/lib/content-images/variants';

import { caseStudyFrontmatter, type CaseStudyFrontmatter } from './frontmatter-schemas';
import { allSlugs, entriesIn, resolveEntry, withWorkingCopies, type ResolvedEntry } from './localized-entries';
import type { ContentEntry } from './parse-content-file';
import { readPublished } from './read-published';
import { libraryImages } from './render-content';
import { readWorkingCopies } from './working-copies';

export type CaseStudy = ContentEntry<CaseStudyFrontmatter>;

/** Every published case study in every language, read once per request. */
export const getAllCases = cache(async (): Promise<CaseStudy[]> => readPublished('cases', caseStudyFrontmatter));

const getCaseWorkingCopies = cache(async (): Promise<CaseStudy[]> => readWorkingCopies('cases', caseStudyFrontmatter));

/** Running projects first, then the most recently finished, then the most recently started; the slug breaks a tie. */
export function newestWorkFirst<C extends { slug: string; data: Pick<CaseStudyFrontmatter, 'period'> }>(cases: readonly C[]): C[] {
  const end = (c: C) => c.data.period.until ?? '9999-12';
  return [...cases].sort(
    (a, b) => end(b).localeCompare(end(a)) || b.data.period.from.localeCompare(a.data.period.from) || a.slug.localeCompare(b.slug),
  );
}

/** How many cases the home page shows: one row of the card grid. */
const HOME_CASES = 3;

/**
 * The cases the home page shows, from a locale's cases newest first: the ones its document chose,
 * in its order, those not published left out; when it chose none of them, the newest.
 */
export function casesShown<C extends { slug: string }>(newestFirst: readonly C[], chosen: readonly string[]): C[] {
  const picked = chosen.flatMap((slug) => newestFirst.find((study) => study.slug === slug) ?? []);
  return (picked.length > 0 ? picked : newestFirst).slice(0, HOME_CASES);
}

/** The case studies written in a locale, newest work first; in draft mode with the working copies, as for posts. */
export async function getCasesIn(locale: Locale, draft = false): Promise<CaseStudy[]> {
  const cases = draft ? withWorkingCopies(await getAllCases(), await getCaseWorkingCopies()) : await getAllCases();
  return newestWorkFirst(entriesIn(cases, locale));
}

/** What a case's page shows: in draft mode the working copy when content staff may read it, else the published one. */
export async function getCaseForPage(slug: string, locale: Locale, draft: boolean): Promise<ResolvedEntry<CaseStudy> | undefined> {
  return (draft ? resolveEntry(await getCaseWorkingCopies(), slug, locale) : undefined) ?? getCase(slug, locale);
}

/** A case study for a URL in a locale, in another language when it was only written in that one. */
export async function getCase(slug: string, locale: Locale): Promise<ResolvedEntry<CaseStudy> | undefined> {
  return resolveEntry(await getAllCases(), slug, locale);
}

/** Every case slug in any language. */
export async function getCaseSlugs(): Promise<string[]> {
  return allSlugs(await getAllCases());
}

/** The published cases a case names as related, in its order, as the locale shows them; unknown or unpublished ones left out. */
export async function getRelatedCases(slugs: readonly string[], locale: Locale): Promise<CaseStudy[]> {
  const all = await getAllCases();
  return slugs.flatMap((slug) => resolveEntry(all, slug, locale)?.entry ?? []);
}

/**
 * The library's images that the cases' logos name, by folder; read only when one names a logo. A
 * logo is an ornament: while the library cannot be read the cards and pages show without it.
 */
export async function caseLogos(cases: readonly CaseStudy[], draft = false): Promise<Map<string, ContentImage>> {
  if (!cases.some((study) => study.data.client.logo !== undefined)) return new Map();
  try {
    return new Map((await libraryImages(draft)).map((image) => [image.contentHash, image]));
  } catch (error) {
    console.warn(`Case logos are not shown: ${error instanceof Error ? error.message : String(error)}`);
    return new Map();
  }
}

/** The published cases of a locale that name a blog post as theirs, newest work first: the post links back to them. */
export async function getCasesAboutPost(postSlug: string, locale: Locale): Promise<CaseStudy[]> {
  return (await getCasesIn(locale)).filter((study) => study.data.posts.includes(postSlug));
}
