/**
 * Where "apply" leads: the contact form, which preselects the "vacancy" subject from `subject`
 * and names the vacancy from `vacancy` (its slug). Without a slug it is an open application.
 * This is the contract with the contact page.
 */
export function applyPath(slug?: string): string {
  const query = new URLSearchParams({ subject: 'vacancy', ...(slug && { vacancy: slug }) });
  return `/contact-us?${query.toString()}`;
}
