/**
 * The `?next=` target after sign-in, accepted only when it stays on this site.
 *
 * IMPORTANT: this is the open-redirect guard. A value is kept only if it is a
 * path of this site: one leading slash, no `//` (protocol-relative URL), no
 * backslash (browsers read `/\evil.example` as `//evil.example`), no control
 * characters, and it must resolve to the same origin. Everything else gives
 * `fallback`.
 */
export function safeNextPath(raw: unknown, fallback: string): string {
  if (typeof raw !== 'string' || raw === '') return fallback;
  if (!raw.startsWith('/') || raw.startsWith('//')) return fallback;
  if (raw.includes('\\')) return fallback;
  // Control characters (tabs, newlines) are dropped by URL parsers and can smuggle a host.
  if (/[\u0000-\u001f\u007f]/.test(raw)) return fallback;
  const base = 'http://site.invalid';
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
