// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { staticScriptPolicy } from './script-policy.mjs';
import StaticCspCacheHandler, { addStaticScriptPolicy } from './static-csp-cache-handler.mjs';
import { applyChangeTimes, contentVersionTag } from '../content/shared-content-tags.mjs';

const v1 = '<html><body><script>self.__next_f.push([1,"vacancy open"])</script></body></html>';
const v2 = '<html><body><script>self.__next_f.push([1,"vacancy closed"])</script></body></html>';

describe('addStaticScriptPolicy', () => {
  it('adds the policy of the HTML to a cached page, keeping its other headers', () => {
    const value = { kind: 'APP_PAGE', html: v1, headers: { 'x-nextjs-stale-time': '300' } };
    addStaticScriptPolicy(value, { recompute: false });
    expect(value.headers).toEqual({ 'x-nextjs-stale-time': '300', 'content-security-policy': staticScriptPolicy(v1) });
  });

  it('recomputes on a write, so a regenerated page never keeps the old hashes', () => {
    const value = { kind: 'APP_PAGE', html: v1, headers: {} };
    addStaticScriptPolicy(value, { recompute: false });
    value.html = v2;
    addStaticScriptPolicy(value, { recompute: false });
    expect(value.headers).toEqual({ 'content-security-policy': staticScriptPolicy(v1) });
    addStaticScriptPolicy(value, { recompute: true });
    expect(value.headers).toEqual({ 'content-security-policy': staticScriptPolicy(v2) });
    expect(staticScriptPolicy(v2)).not.toBe(staticScriptPolicy(v1));
  });

  it('leaves everything but pages alone', () => {
    for (const value of [{ kind: 'APP_ROUTE', body: 'x', headers: {} }, { kind: 'FETCH', data: {} }, null, undefined]) {
      const before = JSON.stringify(value);
      addStaticScriptPolicy(value, { recompute: true });
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
