import type { VacancyFrontmatter } from './frontmatter-schemas';

/**
 * A vacancy is open while it is marked open and its closing day (if any) has not passed.
 * `today` is an ISO day; pages re-render hourly, so a passed closing day takes effect by itself.
 */
export function isVacancyOpen(data: Pick<VacancyFrontmatter, 'status' | 'validThrough'>, today: string): boolean {
  return data.status === 'open' && (data.validThrough === undefined || data.validThrough >= today);
}
