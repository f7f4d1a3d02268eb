// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { staticScriptPolicy } from './script-policy.mjs';
import StaticCspCacheHandler, { addStaticScriptPolicy } from './static-csp-cache-handler.mjs';

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
});
