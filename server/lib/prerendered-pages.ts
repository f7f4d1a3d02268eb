import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

import { LRUCache } from 'lru-cache';
import { PRERENDER_REVALIDATE_HEADER } from 'next/dist/lib/constants.js';
import { COOKIE_NAME_PRERENDER_BYPASS, COOKIE_NAME_PRERENDER_DATA } from 'next/dist/server/api-utils/index.js';
import { areTagsExpired, areTagsStale } from 'next/dist/server/lib/incremental-cache/tags-manifest.external.js';

import { isPubliclyCacheable, varyFields } from './cached-compression';
import { onWholeTextBody } from './whole-text-body';
import { syncContentVersions, tagsFromOldContent } from '../../src/lib/content/shared-content-tags.mjs';
import { pageCacheEntryOf } from '../../src/lib/static-pages/page-cache-entries.mjs';

/*
 * Repeat visits to a prerendered page, answered without Next, for the production server
 * (server/serve.ts). A prerendered page is the same bytes for every visitor, yet Next runs its whole
 * request pipeline to find them again (routing, rewrites, tracing, the cache lookup), and that
 * pipeline is most of what such a page costs the server (`npx tsx bench/profile.ts /about-us`).
 *
 * So when Next answers a plain GET from its cache (`x-nextjs-cache: HIT`, public, status 200), this
 * keeps that response (Next's headers and the HTML) under its path, and answers the same request
 * with it for as long as Next itself would call the page fresh. That is the three tests Next's
 * incremental cache makes, on the facts the cache handler noted when it handed the page out
 * (src/lib/static-pages/page-cache-entries.mjs):
 * - its revalidate time (the response's s-maxage, which Next derives from it) has not passed since
 *   the page was stored;
 * - none of its cache tags was revalidated since (Next's own tag manifest: revalidatePath,
 *   revalidateTag, an editor's publication);
 * - none of its content versions is old (a change on any instance: shared-content-tags.mjs), read
 *   as often as the cache handler reads them.
 * Anything else goes to Next, which serves it, regenerates it when stale, and refills this.
 *
 * Only requests that cannot change Next's answer are kept or answered: GET without a query, without
 * any request header the page's Vary names (Next's client-router headers), and outside draft mode
 * and on-demand revalidation. Compression, ETags and 304s stay with lib/cached-compression.ts, which
 * finds the page's compressed bytes by the same string.
 */

export interface PrerenderedPagesOptions {
  /** Upper bound of the HTML kept, in characters, across all pages. */
  maxChars?: number;
  now?: () => number;
}

const DEFAULT_MAX_CHARS = 16 * 1024 * 1024;
const S_MAXAGE = /(?:^|,)\s*s-maxage=(\d+)/i;

interface Page {
  body: string;
  headers: OutgoingHttpHeaders;
  /** Request headers the response varies on, other than Accept-Encoding; the request must carry none. */
  vary: string[];
  lastModified: number;
  tags: string[];
  freshUntil: number;
}

export function prerenderedPages(options: PrerenderedPagesOptions = {}) {
  const now = options.now ?? Date.now;
  const pages = new LRUCache<string, Page>({
    maxSize: options.maxChars ?? DEFAULT_MAX_CHARS,
    sizeCalculation: (page) => Math.max(1, page.body.length),
  });

  const fresh = (page: Page) =>
    now() < page.freshUntil &&
    !areTagsExpired(page.tags, page.lastModified) &&
    !areTagsStale(page.tags, page.lastModified) &&
    !tagsFromOldContent(page.tags);

  /**
   * Answers the request from a kept page, or hands it to `next` (Next's handler) and keeps Next's
   * answer if it is a prerendered page from Next's cache.
   */
  return async function answer(req: IncomingMessage, res: ServerResponse, next: () => Promise<void>): Promise<void> {
    const path = plainPath(req);
    if (path === null) return next();
    const page = pages.get(path);
    if (page !== undefined && !page.vary.some((name) => req.headers[name] !== undefined)) {
      await syncContentVersions();
      if (fresh(page)) {
        res.statusCode = 200;
        for (const [name, value] of Object.entries(page.headers)) if (value !== undefined) res.setHeader(name, value);
        res.end(page.body);
        return;
      }
      if (pages.peek(path) === page) pages.delete(path);
    }
    onWholeTextBody(res, (text, end, args) => {
      const kept = text === null ? null : pageOf(req, res, text);
      if (kept !== null) pages.set(path, kept);
      return end(...args);
    });
    return next();
  };
}

/** The path of a request whose answer depends on nothing but the path; null for any other. */
function plainPath(req: IncomingMessage): string | null {
  if (req.method !== 'GET' || req.url === undefined || req.url.includes('?')) return null;
  if (req.headers[PRERENDER_REVALIDATE_HEADER] !== undefined) return null;
  const cookie = req.headers.cookie;
  if (cookie !== undefined && (cookie.includes(COOKIE_NAME_PRERENDER_BYPASS) || cookie.includes(COOKIE_NAME_PRERENDER_DATA))) return null;
  return req.url;
}

function pageOf(req: IncomingMessage, res: ServerResponse, body: string): Page | null {
  if (res.getHeader('x-nextjs-cache') !== 'HIT' || !isPubliclyCacheable(res)) return null;
  const maxAge = S_MAXAGE.exec(String(res.getHeader('cache-control')));
  const entry = pageCacheEntryOf(body);
  if (maxAge === null || entry === undefined) return null;
  const vary = varyFields(res.getHeader('vary'))
    .map((name) => name.toLowerCase())
    .filter((name) => name !== 'accept-encoding');
  // A Vary of * matches no later request; one the request carried would make its answer particular.
  if (vary.includes('*') || vary.some((name) => req.headers[name] !== undefined)) return null;
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(res.getHeaders())) headers[name] = Array.isArray(value) ? [...value] : value;
  return {
    body,
    headers,
    vary,
    lastModified: entry.lastModified,
    tags: entry.tags,
    freshUntil: entry.lastModified + Number(maxAge[1]) * 1000,
  };
}
