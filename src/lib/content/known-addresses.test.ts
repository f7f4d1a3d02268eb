// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { OpenCollection } from './collections';
import { contentAddressOf, createUnknownAddressCheck, type KnownContent, type ReadKnownContent } from './known-addresses';

afterEach(() => vi.restoreAllMocks());

const content = (slugs: string[], published = { nl: slugs.length, en: 0 }): KnownContent => ({ slugs: new Set(slugs), published });

describe('contentAddressOf', () => {
  it.each([
    ['/blog/a-post', 'blog', 'a-post'],
    ['/en/vacancies/developer', 'vacancies', 'developer'],
    ['/nl/cases/portal', 'cases', 'portal'],
    ['/blog/caf%C3%A9', 'blog', 'café'],
    ['/blog/%E0%A4%A', 'blog', '%E0%A4%A'],
  ])('reads %s as the address of one entry of %s, %s', (pathname, collection, slug) => {
    const address = contentAddressOf(pathname);
    expect(address?.collection).toBe(collection);
    expect(address?.knows(content([slug]))).toBe(true);
    expect(address?.knows(content([`${slug}-other`]))).toBe(false);
  });

  it.each([
    '/blog',
    '/en/blog',
    '/blog/a-post/opengraph-image',
    '/blog/opengraph-image-sqz7no',
    '/en/cases/opengraph-image',
    '/pages/home',
    '/en/about-us',
    '/Blog/a-post',
    '/de/blog/x',
    '/blog/page/2/extra',
  ])('reads %s as no content’s address', (pathname) => {
    expect(contentAddressOf(pathname)).toBeNull();
  });

  it('knows a list page from 2 up to the pages the language’s posts fill, as the page itself counts', () => {
    // Ten Dutch posts fill two pages of nine; one English post fills only the first.
    const blog = content([], { nl: 10, en: 1 });
    const knows = (pathname: string) => contentAddressOf(pathname)?.knows(blog);
    expect(knows('/blog/page/2')).toBe(true);
    expect(knows('/blog/page/3')).toBe(false);
    expect(knows('/blog/page/1')).toBe(false);
    expect(knows('/blog/page/two')).toBe(false);
    expect(knows('/blog/page/1.5')).toBe(false);
    expect(knows('/en/blog/page/2')).toBe(false);
  });
});

/** A backend whose published slugs the test changes, counting the reads. */
function backend(initial: Record<OpenCollection, string[]>) {
  const slugs = new Map(Object.entries(initial));
  const state = { reads: 0, down: false };
  const read: ReadKnownContent = async (collection) => {
    state.reads += 1;
    if (state.down) throw new Error(`content_known_slugs(${collection}) failed: fetch failed`);
    return content([...(slugs.get(collection) ?? [])]);
  };
  return { read, state, publish: (collection: OpenCollection, slug: string) => slugs.get(collection)?.push(slug) };
}

const entry = (collection: OpenCollection, slug: string) => ({ collection, knows: ({ slugs }: KnownContent) => slugs.has(slug) });

describe('the unknown-address check', () => {
  const none = { blog: [], vacancies: [], cases: [] };

  it('answers a known address from what it holds, without a read per request', async () => {
    const site = backend({ ...none, blog: ['a-post'] });
    const isUnknown = createUnknownAddressCheck(site.read, { now: () => 0 });
    expect(await isUnknown(entry('blog', 'a-post'))).toBe(false);
    expect(await isUnknown(entry('blog', 'a-post'))).toBe(false);
    expect(site.state.reads).toBe(1);
  });

  it('calls an address unknown only after a read made for the request, so a post published a moment ago is served', async () => {
    const site = backend({ ...none, blog: ['a-post'] });
    const isUnknown = createUnknownAddressCheck(site.read, { now: () => 0 });
    expect(await isUnknown(entry('blog', 'a-post'))).toBe(false);
    site.publish('blog', 'just-published');
    expect(await isUnknown(entry('blog', 'just-published'))).toBe(false);
    expect(await isUnknown(entry('blog', 'never-written'))).toBe(true);
    expect(await isUnknown(entry('vacancies', 'a-post'))).toBe(true);
  });

  it('reads what it holds again once older than a page’s lifetime, answering from the old meanwhile', async () => {
    let clock = 0;
    const site = backend({ ...none, cases: ['portal'] });
    const isUnknown = createUnknownAddressCheck(site.read, { maxAgeMs: 1000, now: () => clock });
    await isUnknown(entry('cases', 'portal'));
    clock = 999;
    await isUnknown(entry('cases', 'portal'));
    expect(site.state.reads).toBe(1);
    clock = 1001;
    const answers = await Promise.all([isUnknown(entry('cases', 'portal')), isUnknown(entry('cases', 'portal'))]);
    expect(answers).toEqual([false, false]);
    await vi.waitFor(() => expect(site.state.reads).toBe(2));
  });

  it('leaves the answer to the page while the backend cannot be read, and says so once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const site = backend(none);
    site.state.down = true;
    const isUnknown = createUnknownAddressCheck(site.read);
    expect(await isUnknown(entry('blog', 'a-post'))).toBe(false);
    expect(await isUnknown(entry('blog', 'another'))).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    site.state.down = false;
    expect(await isUnknown(entry('blog', 'a-post'))).toBe(true);
    expect(warn).toHaveBeenLastCalledWith('The known slugs are read from the backend again.');
  });
});
