// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';

import { blogPostFrontmatter } from './frontmatter-schemas';

type Answer = { data: unknown; error: { message: string } | null };
const answers = vi.hoisted(() => ({ next: [] as Answer[] }));
vi.mock('@/lib/supabase/anonymous', () => ({
  createAnonymousClient: () => ({ rpc: async () => answers.next.shift() ?? { data: null, error: { message: 'no answer left' } } }),
}));

const post = (title: string) => ({
  slug: 'a-post',
  locale: 'nl',
  front_matter: {
    title,
    description: 'A description that is long enough to be shown on a card and in the feed.',
    date: '2026-11-03',
    author: 'Daan Smit',
    tags: [],
  },
  body: 'Text.',
});
const down = { data: null, error: { message: 'TypeError: fetch failed' } };

afterEach(() => vi.restoreAllMocks());

describe('readPublished', () => {
  it('reads what is published afresh each time', async () => {
    vi.resetModules();
    const { readPublished } = await import('./read-published');
    answers.next = [
      { data: [post('The first post')], error: null },
      { data: [post('The second post')], error: null },
    ];
    expect((await readPublished('blog', blogPostFrontmatter)).map((entry) => entry.data.title)).toEqual(['The first post']);
    expect((await readPublished('blog', blogPostFrontmatter)).map((entry) => entry.data.title)).toEqual(['The second post']);
  });

  it('renders with the last read while the backend is down, says so once, and reads again when it is back', async () => {
    vi.resetModules();
    const { readPublished } = await import('./read-published');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answers.next = [{ data: [post('Kept from before')], error: null }, down, down, { data: [post('Back again now')], error: null }];
    const titles = async () => (await readPublished('blog', blogPostFrontmatter)).map((entry) => entry.data.title);
    expect(await titles()).toEqual(['Kept from before']);
    expect(await titles()).toEqual(['Kept from before']);
    expect(await titles()).toEqual(['Kept from before']);
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[0]).toMatch(/published_content\(blog\) failed: TypeError: fetch failed; rendering the content last read/);
    expect(await titles()).toEqual(['Back again now']);
    expect(warn).toHaveBeenLastCalledWith('Content for blog is read from the backend again.');
  });

  it('renders without content when nothing was ever read, as a build or a start during an outage does', async () => {
    vi.resetModules();
    const { readPublished } = await import('./read-published');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answers.next = [down];
    expect(await readPublished('vacancies', blogPostFrontmatter)).toEqual([]);
  });
});
