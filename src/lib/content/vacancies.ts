import 'server-only';
import { cache } from 'react';

import type { Locale } from '@/i18n/routing';
import { todayInAmsterdam } from '@/lib/locale-format';

import { vacancyFrontmatter, type VacancyFrontmatter } from './frontmatter-schemas';
import { allSlugs, entriesIn, resolveEntry, withWorkingCopies, type ResolvedEntry } from './localized-entries';
import type { ContentEntry } from './parse-content-file';
import { readPublished } from './read-published';
import { isVacancyOpen } from './vacancy-status';
import { readWorkingCopies } from './working-copies';

export type Vacancy = ContentEntry<VacancyFrontmatter> & { isOpen: boolean };

function withStatus(entries: ContentEntry<VacancyFrontmatter>[]): Vacancy[] {
  const today = todayInAmsterdam();
  return entries.map((entry) => ({ ...entry, isOpen: isVacancyOpen(entry.data, today) }));
}

/** Every published vacancy in every language, open or closed. */
export const getAllVacancies = cache(async (): Promise<Vacancy[]> => withStatus(await readPublished('vacancies', vacancyFrontmatter)));

const getVacancyWorkingCopies = cache(async (): Promise<Vacancy[]> => withStatus(await readWorkingCopies('vacancies', vacancyFrontmatter)));

/** What a vacancy's page shows: in draft mode the working copy when content staff may read it, else the published one. */
export async function getVacancyForPage(slug: string, locale: Locale, draft: boolean): Promise<ResolvedEntry<Vacancy> | undefined> {
  return (draft ? resolveEntry(await getVacancyWorkingCopies(), slug, locale) : undefined) ?? getVacancy(slug, locale);
}

/** The open vacancies written in a locale, most recently posted first; in draft mode with the working copies, as for posts. */
export async function getOpenVacanciesIn(locale: Locale, draft = false): Promise<Vacancy[]> {
  const vacancies = draft ? withWorkingCopies(await getAllVacancies(), await getVacancyWorkingCopies()) : await getAllVacancies();
  return entriesIn(vacancies, locale)
    .filter((v) => v.isOpen)
    .sort((a, b) => b.data.datePosted.localeCompare(a.data.datePosted) || a.slug.localeCompare(b.slug));
}

/** A vacancy for a URL in a locale; closed ones stay reachable. */
export async function getVacancy(slug: string, locale: Locale): Promise<ResolvedEntry<Vacancy> | undefined> {
  return resolveEntry(await getAllVacancies(), slug, locale);
}

/** Each vacancy's title as a locale shows it (in its own language when it has none in this one), by slug, closed ones included. */
export async function getVacancyTitles(locale: Locale): Promise<Record<string, string>> {
  const vacancies = await getAllVacancies();
  return Object.fromEntries(
    allSlugs(vacancies).flatMap((slug) => {
      const resolved = resolveEntry(vacancies, slug, locale);
      return resolved ? [[slug, resolved.entry.data.title]] : [];
    }),
  );
}

/** Every vacancy slug in any language, closed ones included. */
export async function getVacancySlugs(): Promise<string[]> {
  return allSlugs(await getAllVacancies());
}
