import { createServer, get, type IncomingMessage, type OutgoingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { cachedCompression } from './cached-compression';
import { prerenderedPages } from './prerendered-pages';
import { applyChangeTimes, contentVersionTag } from '../../src/lib/content/shared-content-tags.mjs';
import StaticCspCacheHandler from '../../src/lib/security/static-csp-cache-handler.mjs';
import { notePageEntry } from '../../src/lib/static-pages/page-cache-entries.mjs';

const HOUR_S = 3600;
const VARY = 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding';

/** How the stand-in for Next answers a path: as a page from its cache, unless told otherwise. */
interface Answer {
  cache?: string;
  status?: number;
  cacheControl?: string;
  setCookie?: boolean;
  streamed?: boolean;
  /** Whether the cache handler noted the page before Next served it, as it does for every page it hands out. */
  noted?: boolean;
  tags?: string[];
}

let answers: Record<string, Answer>;
let nextCalls: Record<string, number>;
let clock: number;
let storedAt: number;
let server: Server;
let base: string;

function pageHtml(path: string): string {
  return `<!doctype html><html><body><h1>${path}</h1>${'<p>Maatwerksoftware uit Zwolle.</p>'.repeat(100)}</body></html>`;
}

/** What Next does for a prerendered page: the cache handler hands out (and notes) the page, Next sends it. */
function next(req: IncomingMessage, res: ServerResponse) {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  nextCalls[path] = (nextCalls[path] ?? 0) + 1;
  const answer = answers[path] ?? {};
  const html = pageHtml(path);
  if (answer.noted !== false) {
    notePageEntry(`/route-cache${path}`, {
      lastModified: storedAt,
      value: { kind: 'APP_PAGE', html, headers: { 'x-next-cache-tags': (answer.tags ?? [`_N_T_${path}`]).join(',') } },
    });
  }
  res.statusCode = answer.status ?? 200;
  res.setHeader('Content-Security-Policy', "script-src 'self' 'sha256-abc='");
  res.setHeader('Vary', VARY);
  res.setHeader('x-nextjs-cache', answer.cache ?? 'HIT');
  res.setHeader('x-nextjs-prerender', '1');
  res.setHeader('Cache-Control', answer.cacheControl ?? `s-maxage=${HOUR_S}, stale-while-revalidate=31532400`);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  if (answer.setCookie) res.setHeader('Set-Cookie', 'NEXT_LOCALE=en; Path=/');
  if (answer.streamed) {
    res.write(html.slice(0, 100));
    res.end(html.slice(100));
    return;
  }
  res.setHeader('Content-Length', Buffer.byteLength(html));
  res.end(html);
}

beforeAll(async () => {
  // As server/serve.ts puts them together.
  const answer = prerenderedPages({ now: () => clock });
  const compress = cachedCompression();
  server = createServer((req, res) => {
    compress(req, res);
    void answer(req, res, async () => next(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let unique = 0;
/** A path of its own per test: the kept pages outlive a test. */
function freshPath(name: string): string {
  unique += 1;
  return `/${name}-${unique}`;
}

beforeEach(() => {
  answers = {};
  nextCalls = {};
  clock = Date.now();
  storedAt = clock - 1000;
});

const visit = (path: string, init?: RequestInit) => fetch(`${base}${path}`, init);

/** The bytes as sent, before any decoding. */
function rawVisit(path: string, headers: OutgoingHttpHeaders = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    get(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve(Buffer.concat(chunks)));
    }).on('error', reject);
  });
}

/** Headers as the client sees them, without the per-response Date. */
function headersOf(response: Response): [string, string][] {
  return [...response.headers.entries()].filter(([name]) => name !== 'date');
}

describe('prerenderedPages', () => {
  it("answers a repeat visit to a page Next served from its cache without Next, with Next's headers and bytes", async () => {
    const path = freshPath('about-us');
    const first = await visit(path, { headers: { 'accept-encoding': 'identity' } });
    const firstBody = await first.text();
    const second = await visit(path, { headers: { 'accept-encoding': 'identity' } });
    expect(await second.text()).toBe(firstBody);
    expect(headersOf(second)).toEqual(headersOf(first));
    expect(nextCalls[path]).toBe(1);
  });

  it('compresses and revalidates a kept page as it does every public page: its own tag per coding, and a 304', async () => {
    const path = freshPath('blog');
    const fromNext = await visit(path, { headers: { 'accept-encoding': 'gzip' } });
    const kept = await visit(path, { headers: { 'accept-encoding': 'gzip' } });
    expect(kept.headers.get('etag')).toBe(fromNext.headers.get('etag'));
    expect(kept.headers.get('etag')).toMatch(/-gz"$/);
    expect(await kept.text()).toBe(pageHtml(path));
    const revalidated = await visit(path, { headers: { 'accept-encoding': 'gzip', 'if-none-match': kept.headers.get('etag') ?? '' } });
    expect(revalidated.status).toBe(304);
    expect(nextCalls[path]).toBe(1);
    expect(gunzipSync(await rawVisit(path, { 'accept-encoding': 'gzip' })).toString('utf8')).toBe(pageHtml(path));
  });

  it.each<[string, RequestInit]>([
    ['HEAD', { method: 'HEAD' }],
    ["the client router's payload request (rsc)", { headers: { rsc: '1' } }],
    ["the client router's prefetch", { headers: { 'next-router-prefetch': '1' } }],
    ['draft mode (preview of working copies)', { headers: { cookie: 'theme=dark; __prerender_bypass=abc' } }],
    ['on-demand revalidation', { headers: { 'x-prerender-revalidate': 'abc' } }],
  ])('leaves %s to Next', async (_, init) => {
    const path = freshPath('vacancies');
    await visit(path);
    await visit(path, init);
    expect(nextCalls[path]).toBe(2);
  });

  it('leaves a path with a query to Next', async () => {
    const path = freshPath('blog');
    await visit(`${path}?page=2`);
    await visit(`${path}?page=2`);
    expect(nextCalls[path]).toBe(2);
  });

  it.each<[string, Answer]>([
    ['a page Next rendered (MISS)', { cache: 'MISS' }],
    ['a stale page Next is regenerating', { cache: 'STALE' }],
    ['a cached 404', { status: 404 }],
    ['a page for one visitor', { cacheControl: 'private, no-cache, no-store, max-age=0, must-revalidate' }],
    ['a page that sets a cookie', { setCookie: true }],
    ['a streamed page', { streamed: true }],
    ['a page the cache handler did not hand out', { noted: false }],
  ])('does not keep %s', async (_, answer) => {
    const path = freshPath('page');
    answers[path] = answer;
    await visit(path);
    await visit(path);
    expect(nextCalls[path]).toBe(2);
  });

  it("goes back to Next once the page's revalidate time has passed since it was stored", async () => {
    const path = freshPath('vacancies');
    await visit(path);
    clock = storedAt + HOUR_S * 1000 - 1;
    await visit(path);
    expect(nextCalls[path]).toBe(1);
    clock = storedAt + HOUR_S * 1000;
    await visit(path);
    expect(nextCalls[path]).toBe(2);
  });

  it.each<[string, { expire: number } | undefined]>([
    ['expired (revalidatePath, revalidateTag)', undefined],
    ["marked stale (revalidateTag with a cache profile's durations)", { expire: HOUR_S }],
  ])('goes back to Next once one of its cache tags is %s', async (_, durations) => {
    const path = freshPath('about-us');
    answers[path] = { tags: [`_N_T_/layout`, `_N_T_${path}`] };
    await visit(path);
    await visit(path);
    expect(nextCalls[path]).toBe(1);
    // Where Next records it: its tag manifest, through the cache handler.
    await new StaticCspCacheHandler({ revalidatedTags: [] }).revalidateTag([`_N_T_${path}`], durations);
    await visit(path);
    expect(nextCalls[path]).toBe(2);
  });

  it('goes back to Next once the content the page was built from changes on any instance', async () => {
    const path = freshPath('blog');
    // A collection of its own; collection names are letters only.
    const collection = `posts${'x'.repeat(unique)}`;
    applyChangeTimes([{ collection, changed_at: '2026-11-27T08:00:00+00:00' }]);
    answers[path] = { tags: [`content:${collection}`, contentVersionTag(collection)] };
    await visit(path);
    await visit(path);
    expect(nextCalls[path]).toBe(1);
    applyChangeTimes([{ collection, changed_at: '2026-11-27T08:00:05+00:00' }]);
    await visit(path);
    expect(nextCalls[path]).toBe(2);
  });
});
