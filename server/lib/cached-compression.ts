import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

import compression from 'compression';
import { LRUCache } from 'lru-cache';

import { codedEtag, matchesIfNoneMatch } from './coded-etags';
import { chooseCoding, compress, THRESHOLD_BYTES, type Coding } from './content-coding';
import { onWholeTextBody } from './whole-text-body';

/*
 * Response compression for the production server (server/serve.ts), which Next's own
 * (`compress: true`) cannot be configured to do cheaply: Next gzips every response afresh and
 * hashes every page body in JavaScript for its ETag. For a prerendered page that is the same
 * bytes for every visitor, those two were most of the server's time per request.
 *
 * So a response that is public and whole (one `end(body)`, status 200, a shared-cache
 * Cache-Control, no Set-Cookie) is tagged by a native SHA-1 of its body, with a suffix per coding
 * (`"…-br"`, `"…-gz"`: each byte sequence has its own strong tag; coded-etags.ts), answered 304 when the browser or
 * CDN already holds that version in any coding, and otherwise sent compressed from a cache that holds
 * each version's gzip and brotli bytes once. Everything else (pages rendered per visitor, streams,
 * files) goes through the `compression` middleware as before, compressed per response, unless it
 * already carries a coding: Next's build output leaves precompressed (lib/precompressed-static.ts).
 */

export interface CachedCompressionOptions {
  /** Upper bound of the compressed bytes kept, across all pages and codings. */
  maxBytes?: number;
}

const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

/** Whether a response may be stored by a shared cache, and so is the same for every visitor. */
export function isPubliclyCacheable(res: ServerResponse): boolean {
  if (res.statusCode !== 200 || res.hasHeader('set-cookie') || res.hasHeader('content-encoding')) return false;
  const cacheControl = String(res.getHeader('cache-control') ?? '').toLowerCase();
  if (/(^|,)\s*(private|no-store|no-cache|no-transform)\b/.test(cacheControl)) return false;
  return /(^|,)\s*(public|s-maxage=\d+)/.test(cacheControl);
}

/** One version of a public response: its bytes, their tag, and each coding once it is made. */
interface Version {
  /** The tag's text, without quotes or coding (hex, so a suffix can never be mistaken for part of it). */
  tag: string;
  identity: Buffer;
  encoded: Partial<Record<Coding, Buffer>>;
  pending: Partial<Record<Coding, Promise<Buffer>>>;
}

export function cachedCompression(options: CachedCompressionOptions = {}) {
  // Keyed by the body text itself: Next hands over the same string for every request to a cached
  // page, and V8 keeps a string's hash with it, so finding the version costs neither an encoding
  // of the text nor a digest per request.
  const versions = new LRUCache<string, Version>({
    maxSize: options.maxBytes ?? DEFAULT_MAX_BYTES,
    sizeCalculation: (version, body) =>
      body.length + version.identity.length + (version.encoded.br?.length ?? 0) + (version.encoded.gzip?.length ?? 0),
  });
  const versionOf = (body: string): Version => {
    let version = versions.get(body);
    if (version === undefined) {
      const identity = Buffer.from(body, 'utf8');
      version = { tag: createHash('sha1').update(identity).digest('hex'), identity, encoded: {}, pending: {} };
      versions.set(body, version);
    }
    return version;
  };
  // Requests for a version that is being compressed wait for that one compression.
  const encode = (body: string, version: Version, coding: Coding): Promise<Buffer> => {
    const running =
      version.pending[coding] ??
      compress(version.identity, coding).then((encoded) => {
        version.encoded[coding] = encoded;
        delete version.pending[coding];
        if (versions.has(body)) versions.set(body, version); // counts the new bytes against the limit
        return encoded;
      });
    version.pending[coding] = running;
    return running;
  };
  const perResponse = compression({ threshold: THRESHOLD_BYTES });

  return function handle(req: IncomingMessage, res: ServerResponse): void {
    // Wraps write/end for responses the cache below passes on; it leaves any response alone that
    // already carries a Content-Encoding, which is how a cached one gets past it untouched.
    perResponse(req as Parameters<typeof perResponse>[0], res as Parameters<typeof perResponse>[1], () => undefined);
    if (req.method !== 'GET') return;

    onWholeTextBody(res, (chunk, end, args) => {
      const pass = () => end(...args);
      // Next sends a cached page as one string; buffers and streams (files, route handlers) are
      // compressed per response.
      if (chunk === null) return pass();
      if (
        chunk.length < THRESHOLD_BYTES ||
        !isPubliclyCacheable(res) ||
        !compression.filter(req as Parameters<typeof compression.filter>[0], res as Parameters<typeof compression.filter>[1])
      )
        return pass();
      const declared = res.getHeader('content-length');
      const version = versionOf(chunk);
      if (declared !== undefined && Number(declared) !== version.identity.length) return pass();
      const done = args.find((arg) => typeof arg === 'function');
      const finish = (body?: Buffer) => end(...[body, done].filter((arg) => arg !== undefined));

      const coding = chooseCoding(req.headers['accept-encoding']);
      const versionTag = `"${version.tag}"`;
      res.setHeader('ETag', codedEtag(versionTag, coding));
      res.setHeader('Vary', appendVary(res.getHeader('vary'), 'Accept-Encoding'));
      if (matchesIfNoneMatch(req.headers['if-none-match'], versionTag)) {
        res.statusCode = 304;
        for (const header of ['content-length', 'content-type']) res.removeHeader(header);
        return finish();
      }
      if (coding === null) return finish(version.identity);
      const send = (encoded: Buffer) => {
        res.setHeader('Content-Encoding', coding);
        res.setHeader('Content-Length', encoded.length);
        return finish(encoded);
      };
      const ready = version.encoded[coding];
      if (ready !== undefined) return send(ready);
      encode(chunk, version, coding).then(send, (error: unknown) => {
        // Compressing a buffer in memory does not fail in practice; if it does, the page still goes out.
        console.error('Compressing a response failed; sent it uncompressed:', error);
        finish(version.identity);
      });
      return res;
    });
  };
}

/** The field names a Vary header lists, as written. */
export function varyFields(header: number | string | string[] | undefined): string[] {
  return (Array.isArray(header) ? header.join(',') : String(header ?? ''))
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
}

function appendVary(current: number | string | string[] | undefined, field: string): string {
  const fields = varyFields(current);
  return fields.some((value) => value === '*' || value.toLowerCase() === field.toLowerCase())
    ? fields.join(', ')
    : [...fields, field].join(', ');
}
