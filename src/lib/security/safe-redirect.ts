/**
 * A path to send the visitor to that came from input (`?next=` after sign-in, confirm or sign-out,
 * `?path=` when leaving a preview), accepted only when it stays on this site.
 *
 * IMPORTANT: this is the site's one open-redirect guard: every Location built from input goes
 * through it (`src/lib/security/redirect-guard.test.ts` checks the routes). It checks what it returns, not what it
 * receives. The value is resolved the way a browser resolves a Location header, and the
 * resulting path must be plain: one leading slash, no empty segment (`//host`, and
 * `/nl//host`, which a locale redirect can shorten to `//host`), no dot segment, no
 * backslash, no control character. The same must hold after decoding the path once or
 * twice, because routing layers and proxies decode `%2f`, `%5c` and `%2e` on the way.
 * Anything else gives `fallback`.
 */

const BASE = 'http://site.invalid';
/** Longer than any real path of the site; long values only cost time to check. */
const MAX_LENGTH = 2048;
/** How many rounds of percent-decoding a path must survive. */
const DECODE_ROUNDS = 2;

// Control characters and the backslash, which URL parsers drop or read as a slash.
const FORBIDDEN_CHARACTERS = /[\u0000-\u001f\u007f\\]/;

/** A path whose every segment is a real name: no `//`, `.`, `..`, backslash or control character. */
function isPlainPath(path: string): boolean {
  if (!path.startsWith('/') || FORBIDDEN_CHARACTERS.test(path)) return false;
  if (path === '/') return true;
  return path
    .slice(1)
    .split('/')
    .every((segment, index, segments) => {
      // A trailing slash (`/blog/`) is an empty last segment and harmless.
      if (segment === '') return index === segments.length - 1 && index > 0;
      return segment !== '.' && segment !== '..';
    });
}

/** The path, and the path decoded once and twice, are all plain. */
function isPlainAfterDecoding(path: string): boolean {
  let current = path;
  for (let round = 0; round <= DECODE_ROUNDS; round += 1) {
    if (!isPlainPath(current)) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return false; // A malformed escape cannot be checked.
    }
    if (decoded === current) return true;
    current = decoded;
  }
  return isPlainPath(current);
}

export function safeNextPath(raw: unknown, fallback: string): string {
  if (typeof raw !== 'string' || raw === '' || raw.length > MAX_LENGTH) return fallback;
  // Only a path: a scheme, a host or a leading space never belongs in `next`.
  if (!raw.startsWith('/') || FORBIDDEN_CHARACTERS.test(raw)) return fallback;

  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const out = `${url.pathname}${url.search}${url.hash}`;

  // The checks on the result: a browser must read it as this same path on this site.
  if (!isPlainAfterDecoding(url.pathname)) return fallback;
  const again = new URL(out, BASE);
  if (again.origin !== BASE || `${again.pathname}${again.search}${again.hash}` !== out) return fallback;
  return out;
}
