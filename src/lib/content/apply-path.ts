/** The id of the application form on a vacancy page, and of the open application on the index. */
export const APPLY_ANCHOR = 'apply';
export const OPEN_APPLICATION_ANCHOR = 'open-application';

/**
 * Where "apply" leads: the application form on the vacancy's own page, or, without a slug, the
 * open application on the vacancies page.
 */
export function applyPath(slug?: string): string {
  return slug ? `/vacancies/${slug}#${APPLY_ANCHOR}` : `/vacancies#${OPEN_APPLICATION_ANCHOR}`;
}
