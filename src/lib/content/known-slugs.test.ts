// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { OpenCollection } from './collections';
import { createUnknownSlugCheck, entryAddressOf, type ReadKnownSlugs } from './known-slugs';

afterEach(() => vi.restoreAllMocks());

describe('entryAddressOf', () => {
  it.each([
    ['/blog/a-post', { collection: 'blog', slug: 'a-post' }],
    ['/en/vacancies/developer', { collection: 'vacancies', slug: 'developer' }],
    ['/nl/cases/portal', { collection: 'cases', slug: 'portal' }],
    ['/blog/caf%C3%A9', { collection: 'blog', slug: 'café' }],
    ['/blog/%E0%A4%A', { collection: 'blog', slug: '%E0%A4%A' }],
  ])('reads %s as one entry’s address', (pathname, address) => {
    expect(entryAddressOf(pathname)).toEqual(address);
  });

  it.each([
    '/blog',
    '/en/blog',
    '/blog/page/2',
    '/blog/a-post/opengraph-image',
    '/blog/opengraph-image-sqz7no',
    '/en/cases/opengraph-image',
    '/pages/home',
    '/en/about-us',
    '/Blog/a-post',
    '/de/blog/x',
  ])('reads %s as no entry’s address', (pathname) => {
    expect(entryAddressOf(pathname)).toBeNull();
  });
});

/** A backend whose published slugs the test changes, counting the reads. */
function backend(initial: Record<OpenCollection, string[]>) {
  const slugs = new Map(Object.entries(initial));
  const state = { reads: 0, down: false };
  const read: ReadKnownSlugs = async (collection) => {
    state.reads += 1;
    if (state.down) throw new Error(`content_known_slugs(${collection}) failed: fetch failed`);
    return new Set(slugs.get(collection));
  };
  return { read, state, publish: (collection: OpenCollection, slug: string) => slugs.get(collection)?.push(slug) };
}

describe('the unknown-slug check', () => {
  const none = { blog: [], vacancies: [], cases: [] };

  it('answers a known slug from the set it holds, without a read per request', async () => {
    const site = backend({ ...none, blog: ['a-post'] });
    const isUnknown = createUnknownSlugCheck(site.read, { now: () => 0 });
    expect(await isUnknown({ collection: 'blog', slug: 'a-post' })).toBe(false);
    expect(await isUnknown({ collection: 'blog', slug: 'a-post' })).toBe(false);
    expect(site.state.reads).toBe(1);
  });

  it('calls a slug unknown only after a read made for the request, so a post published a moment ago is served', async () => {
    const site = backend({ ...none, blog: ['a-post'] });
    const isUnknown = createUnknownSlugCheck(site.read, { now: () => 0 });
    expect(await isUnknown({ collection: 'blog', slug: 'a-post' })).toBe(false);
    site.publish('blog', 'just-published');
    expect(await isUnknown({ collection: 'blog', slug: 'just-published' })).toBe(false);
    expect(await isUnknown({ collection: 'blog', slug: 'never-written' })).toBe(true);
    expect(await isUnknown({ collection: 'vacancies', slug: 'a-post' })).toBe(true);
  });

  it('reads a set older than a page’s lifetime again, answering from the old one meanwhile', async () => {
    let clock = 0;
    const site = backend({ ...none, cases: ['portal'] });
    const isUnknown = createUnknownSlugCheck(site.read, { maxAgeMs: 1000, now: () => clock });
    await isUnknown({ collection: 'cases', slug: 'portal' });
    clock = 999;
    await isUnknown({ collection: 'cases', slug: 'portal' });
    expect(site.state.reads).toBe(1);
    clock = 1001;
    const [first, second] = await Promise.all([
      isUnknown({ collection: 'cases', slug: 'portal' }),
      isUnknown({ collection: 'cases', slug: 'portal' }),
    ]);
    expect([first, second]).toEqual([false, false]);
    await vi.waitFor(() => expect(site.state.reads).toBe(2));
  });

  it('leaves the answer to the page while the backend cannot be read, and says so once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const site = backend(none);
    site.state.down = true;
    const isUnknown = createUnknownSlugCheck(site.read);
    expect(await isUnknown({ collection: 'blog', slug: 'a-post' })).toBe(false);
    expect(await isUnknown({ collection: 'blog', slug: 'another' })).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    site.state.down = false;
    expect(await isUnknown({ collection: 'blog', slug: 'a-post' })).toBe(true);
    expect(warn).toHaveBeenLastCalledWith('The known slugs are read from the backend again.');
  });
});
