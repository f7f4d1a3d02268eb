/*
 * ETags per content coding, for both ways the site compresses: our server (cached-compression.ts)
 * and Next's own middleware under `next start` (next-compression-etags.ts). Each byte sequence a
 * response can be sent as needs its own strong tag (RFC 9110 §8.8.3), or a cache that holds one
 * coding may answer a request for another with it after a 304. So a coded response carries its
 * version's tag with the coding's suffix inside the quotes (`"v"` → `"v-gz"`), and a conditional
 * request names the version whichever coding it holds.
 */

const SUFFIX: Readonly<Record<string, string>> = { br: '-br', gzip: '-gz', deflate: '-deflate' };
const KNOWN_CODINGS = Object.keys(SUFFIX);

/** An entity tag as RFC 9110 §8.8.3 writes it: optionally weak, then quoted. */
const ENTITY_TAG = /^(?:W\/)?"[^"]*"$/;

/**
 * The tag of a version as sent in `coding` (`null` or `identity`: uncompressed). A value that is not
 * an entity tag is left as it is: there is no quoted part to extend.
 */
export function codedEtag(etag: string, coding: string | null): string {
  if (coding === null || coding === 'identity' || !ENTITY_TAG.test(etag)) return etag;
  return `${etag.slice(0, -1)}${SUFFIX[coding] ?? `-${coding}`}"`;
}

/** A tag without its weakness: If-None-Match compares weakly (RFC 9110 §13.1.2). */
function opaque(tag: string): string {
  return tag.trim().replace(/^W\//, '');
}

/**
 * The codings (`null`: uncompressed) in which an If-None-Match header holds the version that
 * `etag` (uncoded) tags. Candidates are built from `etag` rather than suffixes cut off the header's
 * tags, so a tag that merely ends like a suffix is never taken for another coding of it.
 */
export function heldCodings(header: string | undefined, etag: string): (string | null)[] {
  if (!header) return [];
  const held = new Set(header.split(',').map(opaque));
  return [null, ...KNOWN_CODINGS].filter((coding) => held.has(opaque(codedEtag(etag, coding))));
}

/**
 * Whether If-None-Match names the version `etag` (uncoded) tags, in any coding, or is `*`. A client
 * or CDN that holds the version in one coding holds it, and a 304 lets it keep what it has.
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header?.split(',').some((tag) => tag.trim() === '*')) return true;
  return heldCodings(header, etag).length > 0;
}
