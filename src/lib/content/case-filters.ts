import { isServiceKey, type ServiceKey } from '@/lib/services';

import { sectors, type CaseStudyFrontmatter, type Sector } from './frontmatter-schemas';

/** What the list of case studies is filtered by: a sector, a service, both or neither. */
export type CaseFilters = { sector?: Sector; service?: ServiceKey };

type Query = Record<string, string | string[] | undefined>;

const isSector = (value: unknown): value is Sector => sectors.some((sector) => sector === value);

/**
 * The filters of the list's address (?sector=healthcare&service=apps), each matched exactly
 * against the known keys; anything else (an unknown key, a repeated parameter, "Healthcare") is
 * no filter, so a mistyped address shows every case rather than an error.
 */
export function caseFiltersFrom(query: Query): CaseFilters {
  const { sector, service } = query;
  return { ...(isSector(sector) && { sector }), ...(isServiceKey(service) && { service }) };
}

/** The cases that match every filter given. */
export function filterCases<C extends { data: Pick<CaseStudyFrontmatter, 'client' | 'services'> }>(
  cases: readonly C[],
  filters: CaseFilters,
): C[] {
  return cases.filter(
    (c) =>
      (filters.sector === undefined || c.data.client.sector === filters.sector) &&
      (filters.service === undefined || c.data.services.includes(filters.service)),
  );
}

/** The address of the list with these filters, for a link: /cases, /cases?sector=housing. */
export function casesListPath(filters: CaseFilters): string {
  const query = new URLSearchParams({
    ...(filters.sector && { sector: filters.sector }),
    ...(filters.service && { service: filters.service }),
  });
  const search = query.toString();
  return search === '' ? '/cases' : `/cases?${search}`;
}
