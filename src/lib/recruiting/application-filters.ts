import { isApplicationStatus, type ApplicationStatus } from './application-status';

// The staff list's filters and pages, all in the query string, so the filter form is a plain
// GET form that works without JavaScript and every view has its own address.

/** Applications per page of the staff list. */
export const APPLICATIONS_PAGE_SIZE = 25;

/** `?vacancy=` for applications without a vacancy; no slug can look like this. */
export const OPEN_APPLICATION = '_open';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export type ApplicationFilters = {
  /** A vacancy's slug, OPEN_APPLICATION, or undefined for every vacancy. */
  vacancy?: string;
  status?: ApplicationStatus;
  page: number;
};

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * Reads the filters from the query. An empty value (the form's "all" option) is no filter;
 * anything malformed is undefined, which the page answers with a 404 as the inbox does for
 * a bad page number. Other parameters are ignored.
 */
export function parseApplicationFilters(params: SearchParams): ApplicationFilters | undefined {
  const { vacancy, status, page } = params;
  if (Array.isArray(vacancy) || Array.isArray(status) || Array.isArray(page)) return undefined;
  const filters: ApplicationFilters = { page: 1 };
  if (vacancy !== undefined && vacancy !== '') {
    if (vacancy !== OPEN_APPLICATION && !(vacancy.length <= 100 && SLUG.test(vacancy))) return undefined;
    filters.vacancy = vacancy;
  }
  if (status !== undefined && status !== '') {
    if (!isApplicationStatus(status)) return undefined;
    filters.status = status;
  }
  if (page !== undefined) {
    if (!/^[1-9][0-9]{0,5}$/.test(page)) return undefined;
    filters.page = Number(page);
  }
  return filters;
}

/** The list's path (without locale) for these filters and a page; page 1 carries no number. */
export function applicationsPath(filters: Omit<ApplicationFilters, 'page'>, page = 1): string {
  const query = new URLSearchParams();
  if (filters.vacancy !== undefined) query.set('vacancy', filters.vacancy);
  if (filters.status !== undefined) query.set('status', filters.status);
  if (page > 1) query.set('page', String(page));
  const search = query.toString();
  return search === '' ? '/account/applications' : `/account/applications?${search}`;
}

/** The inclusive row range of a page, as PostgREST's range() takes it. */
export function applicationsPageRange(page: number): { from: number; to: number } {
  const from = (page - 1) * APPLICATIONS_PAGE_SIZE;
  return { from, to: from + APPLICATIONS_PAGE_SIZE - 1 };
}

export function applicationsPageCount(total: number): number {
  return Math.max(1, Math.ceil(total / APPLICATIONS_PAGE_SIZE));
}
