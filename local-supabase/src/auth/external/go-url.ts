/**
 * URLs as GoTrue's Go code writes them, so redirects match byte for byte: `url.Values.Encode`
 * (keys sorted, `url.QueryEscape`: space as `+`, everything but `A-Za-z0-9-_.~` escaped) and
 * `url.URL.String`, which escapes a fragment once more (so `%3A` from Encode becomes `%253A`).
 */

/** Go's `url.QueryEscape`. */
export function queryEscape(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** Go's `url.Values.Encode`: sorted by key (stable, so repeated keys keep their order). */
export function encodeValues(values: Iterable<[string, string]>): string {
  return [...values]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${queryEscape(key)}=${queryEscape(value)}`)
    .join('&');
}

/**
 * A redirect target with its query replaced by `query` (after merging into the target's own
 * parameters, as GoTrue's `u.Query()` … `q.Set` … `u.RawQuery = q.Encode()` does) and, when given,
 * its fragment set to an encoded `fragment` as Go's URL.String escapes it.
 */
export function withGoQuery(target: string, set: Record<string, string>, fragment?: Iterable<[string, string]>): string {
  // Split as text, not through WHATWG URL, which would add the `/` Go leaves out of `http://host?q`.
  const hashAt = target.indexOf('#');
  const beforeHash = hashAt === -1 ? target : target.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const base = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const merged = new Map<string, string[]>();
  for (const [key, value] of new URLSearchParams(queryAt === -1 ? '' : beforeHash.slice(queryAt + 1))) {
    merged.set(key, [...(merged.get(key) ?? []), value]);
  }
  for (const [key, value] of Object.entries(set)) merged.set(key, [value]);
  const query = encodeValues([...merged].flatMap(([key, list]) => list.map((value): [string, string] => [key, value])));
  const hash = fragment === undefined ? (hashAt === -1 ? '' : target.slice(hashAt + 1)) : encodeValues(fragment).replace(/%/g, '%25');
  return `${base}${query === '' ? '' : `?${query}`}${hash === '' ? '' : `#${hash}`}`;
}
