// What a visitor typed into the search form, as the page receives it from the URL.

/** The longest query searched; Postgres cuts it there too. */
export const MAX_QUERY_LENGTH = 200;

/** The query from a `q` search parameter: the first value, trimmed and bounded; '' when there is none. */
export function searchQueryFrom(value: string | string[] | undefined): string {
  const first = Array.isArray(value) ? value[0] : value;
  return (first ?? '').trim().slice(0, MAX_QUERY_LENGTH);
}
