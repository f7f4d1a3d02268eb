// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { staticScriptPolicy } from './script-policy.mjs';
import StaticCspCacheHandler, { prepareStaticPage } from './static-csp-cache-handler.mjs';
import { applyChangeTimes, contentVersionTag } from '../content/shared-content-tags.mjs';
import { pageCacheEntryOf } from '../static-pages/page-cache-entries.mjs';
import { scriptsAfterFirstPaint } from '../static-pages/scripts-after-first-paint.mjs';

const v1 = '<html><body><script>self.__next_f.push([1,"vacancy open"])</script></body></html>';
const v2 = '<html><body><script>self.__next_f.push([1,"vacancy closed"])</script></body></html>';

describe('prepareStaticPage', () => {
  it('adds the policy of the HTML to a cached page, keeping its other headers', () => {
    const value = { kind: 'APP_PAGE', html: v1, headers: { 'x-nextjs-stale-time': '300' } };
    prepareStaticPage(value);
    expect(value.headers).toEqual({ 'x-nextjs-stale-time': '300', 'content-security-policy': staticScriptPolicy(v1) });
  });

  it('readies each entry once: a regenerated page, a new object, gets its own hashes even over an old header', () => {
    const value = { kind: 'APP_PAGE', html: v1, headers: {} };
    prepareStaticPage(value);
    const served = value.headers;
    prepareStaticPage(value);
    expect(value.headers).toBe(served);
    // As stored by an earlier version, with the old page's policy: readied on its first read.
    const regenerated = { kind: 'APP_PAGE', html: v2, headers: { 'content-security-policy': staticScriptPolicy(v1) } };
    prepareStaticPage(regenerated);
    expect(regenerated.headers).toEqual({ 'content-security-policy': staticScriptPolicy(v2) });
    expect(staticScriptPolicy(v2)).not.toBe(staticScriptPolicy(v1));
  });

  it('starts the chunks of a page after its first paint, under a policy that allows the loader, and of an error page as they were', () => {
    const html = '<html><head><script src="/_next/static/chunks/a1.js" async=""></script></head><body><p>Hi</p></body></html>';
    const page = { kind: 'APP_PAGE', html, status: 200, headers: {} };
    prepareStaticPage(page);
    expect(page.html).toBe(scriptsAfterFirstPaint(html));
    expect(page.html).not.toBe(html);
    expect(page.headers).toEqual({ 'content-security-policy': staticScriptPolicy(page.html) });
    const missing = { kind: 'APP_PAGE', html, status: 404, headers: {} };
    prepareStaticPage(missing);
    expect(missing.html).toBe(html);
  });

  it('leaves everything but pages alone', () => {
    for (const value of [{ kind: 'APP_ROUTE', body: 'x', headers: {} }, { kind: 'FETCH', data: {} }, null, undefined]) {
      const before = JSON.stringify(value);
      prepareStaticPage(value);
      expect(JSON.stringify(value)).toBe(before);
    }
  });
});

describe('StaticCspCacheHandler', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'csp-cache-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function handler() {
    const fs = {
      existsSync: () => false,
      readFile: (file: string, encoding?: BufferEncoding) => readFile(file, encoding ?? null),
      readFileSync: () => {
        throw new Error('not used');
      },
      writeFile: (file: string, data: string | Buffer) => writeFile(file, data),
      mkdir: async () => undefined,
      stat: async () => ({ mtime: new Date() }),
    };
    return new StaticCspCacheHandler({ fs, serverDistDir: dir, flushToDisk: false, maxMemoryCacheSize: 1_000_000, revalidatedTags: [] });
  }

  it('stores a regenerated page with its own policy and serves that policy back', async () => {
    const cache = handler();
    const value = {
      kind: 'APP_PAGE',
      html: v2,
      rscData: undefined,
      headers: { 'x-next-cache-tags': 'a' },
      status: 200,
      postponed: undefined,
      segmentData: undefined,
    };
    await cache.set('/route-cache/APP_PAGE/x/$/nl/vacancies', value, { cacheControl: { revalidate: 3600, expire: 7200 } });
    // Next serves the object it just stored on a miss: the header must already be on it.
    expect(value.headers['content-security-policy' as keyof typeof value.headers]).toBe(staticScriptPolicy(v2));

    const entry = await cache.get('/route-cache/APP_PAGE/x/$/nl/vacancies', {
      kind: 'APP_PAGE',
      isFallback: false,
      isRoutePPREnabled: false,
    });
    expect(entry?.value).toMatchObject({ headers: { 'x-next-cache-tags': 'a', 'content-security-policy': staticScriptPolicy(v2) } });
  });

  it('notes each page it hands out, by the HTML Next will send, and drops the note when the page is no longer current', async () => {
    const cache = handler();
    const key = '/route-cache/APP_PAGE/x/$/nl/blog/e2e-noted';
    const ctx = { kind: 'APP_PAGE', isFallback: false, isRoutePPREnabled: false };
    applyChangeTimes([{ collection: 'blog', changed_at: '2026-11-27T08:00:00+00:00' }]);
    const html = '<h1>Noted post</h1>';
    const tags = `content:blog,${contentVersionTag('blog')}`;
    await cache.set(
      key,
      { kind: 'APP_PAGE', html, headers: { 'x-next-cache-tags': tags }, status: 200 },
      { cacheControl: { revalidate: 3600, expire: 7200 } },
    );
    const entry = await cache.get(key, ctx);
    const served = entry?.value?.html;
    if (typeof served !== 'string') throw new Error('the page was not served');
    expect(pageCacheEntryOf(served)).toEqual({ lastModified: entry?.lastModified, tags: tags.split(',') });

    applyChangeTimes([{ collection: 'blog', changed_at: '2026-11-27T08:00:05+00:00' }]);
    expect(await cache.get(key, ctx)).toBeNull();
    expect(pageCacheEntryOf(served)).toBeUndefined();
  });

  it('does not serve a page rendered from content read before this instance saw a change, however late it was stored', async () => {
    const cache = handler();
    const key = '/route-cache/APP_PAGE/x/$/nl/blog/e2e-1';
    const ctx = { kind: 'APP_PAGE', isFallback: false, isRoutePPREnabled: false };
    applyChangeTimes([{ collection: 'blog', changed_at: '2026-11-26T09:00:00+00:00' }]);
    // A render reads the posts (the new one not among them: a 404), and is still running when this
    // instance learns of the publication; Next stores the page when the render ends.
    const notFound = {
      kind: 'APP_PAGE',
      html: '<p>404</p>',
      headers: { 'x-next-cache-tags': `content:blog,${contentVersionTag('blog')}` },
      status: 404,
    };
    applyChangeTimes([{ collection: 'blog', changed_at: '2026-11-26T09:00:02+00:00' }]);
    await cache.set(key, notFound, { cacheControl: { revalidate: 3600, expire: 7200 } });
    expect(await cache.get(key, ctx)).toBeNull();

    const found = {
      kind: 'APP_PAGE',
      html: '<h1>Post</h1>',
      headers: { 'x-next-cache-tags': `content:blog,${contentVersionTag('blog')}` },
      status: 200,
    };
    await cache.set(key, found, { cacheControl: { revalidate: 3600, expire: 7200 } });
    expect(await cache.get(key, ctx)).toMatchObject({ value: { status: 200 } });
  });
});
