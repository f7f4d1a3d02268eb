// @vitest-environment node
import { describe, expect, it } from 'vitest';

import PageCacheHandler, { addScriptPolicy, createStore, isKept, MAX_CACHE_BYTES } from './cache-handler.mjs';
import { staticScriptPolicy } from '../security/script-policy.mjs';

const html = (text: string) => `<html><body><script>self.__next_f.push([1,"${text}"])</script></body></html>`;
const page = (text: string, status = 200, tags = 'content:blog') => ({
  kind: 'APP_PAGE',
  html: html(text),
  status,
  headers: { 'x-next-cache-tags': tags } as Record<string, string>,
});

describe('the page cache', () => {
  it('keeps a page that rendered, with the script policy of its own HTML', async () => {
    const cache = new PageCacheHandler({}, createStore());
    await cache.set('/nl/blog/a', page('open'), { cacheControl: { revalidate: 1, expire: 2 } });
    const entry = await cache.get('/nl/blog/a');
    expect(entry?.value?.headers?.['content-security-policy']).toBe(staticScriptPolicy(html('open')));
    expect(entry?.cacheControl).toEqual({ revalidate: 1, expire: 2 });
    expect(entry?.lastModified).toBeGreaterThan(0);
  });

  it('stores no 404 and no error, whatever address asked for it', async () => {
    const cache = new PageCacheHandler({}, createStore());
    for (const [index, status] of [404, 500, 307].entries()) {
      await cache.set(`/nl/blog/probe-${index}`, page('missing', status));
      expect(await cache.get(`/nl/blog/probe-${index}`)).toBeNull();
    }
    await cache.set('/feed', { kind: 'APP_ROUTE', status: 404, body: Buffer.from('x'), headers: {} });
    expect(await cache.get('/feed')).toBeNull();
  });

  it('forgets a page that turned into a 404, so an unpublished post is not served from before', async () => {
    const cache = new PageCacheHandler({}, createStore());
    await cache.set('/nl/blog/a', page('published'));
    await cache.set('/nl/blog/a', page('gone', 404));
    expect(await cache.get('/nl/blog/a')).toBeNull();
    await cache.set('/nl/blog/b', page('published'));
    await cache.set('/nl/blog/b', null);
    expect(await cache.get('/nl/blog/b')).toBeNull();
  });

  it('answers a miss for everything stored before its tag was revalidated, and keeps the rest', async () => {
    const cache = new PageCacheHandler({}, createStore());
    await cache.set('/nl/blog', page('list'));
    await cache.set('/nl/vacancies', page('jobs', 200, 'content:vacancies'));
    await cache.set('rows', { kind: 'FETCH', data: { body: '[]' } }, { tags: ['content:blog'] });
    await cache.revalidateTag(['content:blog']);
    expect(await cache.get('/nl/blog')).toBeNull();
    expect(await cache.get('rows')).toBeNull();
    expect(await cache.get('/nl/vacancies')).not.toBeNull();
    // Stored again after the revalidation: served.
    await new Promise((resolve) => setTimeout(resolve, 2));
    await cache.set('/nl/blog', page('list, new'));
    expect(await cache.get('/nl/blog')).not.toBeNull();
  });

  it('reads the soft tags a data read names when it asks', async () => {
    const cache = new PageCacheHandler({}, createStore());
    await cache.set('rows', { kind: 'FETCH', data: {} }, { tags: [] });
    await cache.revalidateTag('_N_T_/nl/blog');
    expect(await cache.get('rows', { softTags: ['_N_T_/nl/blog'] })).toBeNull();
  });

  it('stays within its size, dropping the least recently used pages first', async () => {
    const cache = new PageCacheHandler({}, createStore());
    const big = 'x'.repeat(1024 * 1024);
    const count = Math.ceil(MAX_CACHE_BYTES / big.length) + 8;
    for (let i = 0; i < count; i += 1) await cache.set(`/nl/blog/${i}`, page(`${big}${i}`));
    expect(await cache.get('/nl/blog/0')).toBeNull();
    expect(await cache.get(`/nl/blog/${count - 1}`)).not.toBeNull();
  });
});

describe('the store', () => {
  it('is one per process: Next makes a new handler for each request, and they all see one cache', async () => {
    await new PageCacheHandler().set('/nl/over-ons-test', page('shared'));
    expect((await new PageCacheHandler().get('/nl/over-ons-test'))?.value?.html).toBe(html('shared'));
  });
});

describe('isKept and addScriptPolicy', () => {
  it('keep data, images and answered pages and routes', () => {
    expect(isKept({ kind: 'FETCH' })).toBe(true);
    expect(isKept({ kind: 'APP_PAGE' })).toBe(true);
    expect(isKept({ kind: 'APP_ROUTE', status: 200 })).toBe(true);
    expect(isKept({ kind: 'APP_PAGE', status: 404 })).toBe(false);
  });

  it('leave everything but pages with HTML alone', () => {
    for (const value of [
      { kind: 'APP_ROUTE', body: 'x', headers: {} },
      { kind: 'FETCH', data: {} },
      { kind: 'APP_PAGE', html: '' },
      null,
      undefined,
    ]) {
      const before = JSON.stringify(value);
      addScriptPolicy(value);
      expect(JSON.stringify(value)).toBe(before);
    }
  });
});
