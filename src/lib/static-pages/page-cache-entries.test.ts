import { describe, expect, it } from 'vitest';

import { notePageEntry, pageCacheEntryOf } from './page-cache-entries.mjs';

const page = (html: string, tags = '_N_T_/layout,_N_T_/nl/about-us') => ({
  kind: 'APP_PAGE',
  html,
  headers: { 'x-next-cache-tags': tags },
});

describe('page cache entries', () => {
  it('finds a page the cache handler handed out by its HTML, with when it was stored and its tags', () => {
    notePageEntry('/nl/about-us#1', { lastModified: 1_000, value: page('<h1>Over ons 1</h1>') });
    expect(pageCacheEntryOf('<h1>Over ons 1</h1>')).toEqual({ lastModified: 1_000, tags: ['_N_T_/layout', '_N_T_/nl/about-us'] });
  });

  it('forgets the old version of a page once its key hands out a new one, or none', () => {
    notePageEntry('/nl/vacancies#2', { lastModified: 1_000, value: page('<h1>Vacatures: 3</h1>') });
    notePageEntry('/nl/vacancies#2', { lastModified: 2_000, value: page('<h1>Vacatures: 2</h1>') });
    expect(pageCacheEntryOf('<h1>Vacatures: 3</h1>')).toBeUndefined();
    expect(pageCacheEntryOf('<h1>Vacatures: 2</h1>')).toMatchObject({ lastModified: 2_000 });
    notePageEntry('/nl/vacancies#2', null);
    expect(pageCacheEntryOf('<h1>Vacatures: 2</h1>')).toBeUndefined();
  });

  it.each([
    ['a route', { lastModified: 1_000, value: { kind: 'APP_ROUTE', html: '<rss/>' } }],
    ['an entry Next is told to regenerate before use', { lastModified: -1, value: page('<rss/>') }],
    ['an entry without a time', { value: page('<rss/>') }],
  ])('notes no page for %s', (_, entry) => {
    notePageEntry('/feed#3', entry);
    expect(pageCacheEntryOf('<rss/>')).toBeUndefined();
  });
});
