import { describe, expect, it } from 'vitest';

import { casesShown, newestWorkFirst } from './case-studies';

const study = (slug: string, from: string, until?: string) => ({
  slug,
  data: { period: until === undefined ? { from } : { from, until } },
});

describe('the order of the case studies', () => {
  it('puts running projects first, then the most recently finished, then the most recently started', () => {
    const ordered = newestWorkFirst([
      study('oud', '2023-01', '2023-09'),
      study('loopt-nog', '2026-01'),
      study('net-klaar', '2025-02', '2025-11'),
      study('ook-net-klaar', '2025-06', '2025-11'),
    ]);
    expect(ordered.map((c) => c.slug)).toEqual(['loopt-nog', 'ook-net-klaar', 'net-klaar', 'oud']);
  });
});

describe('the cases the home page shows', () => {
  const newestFirst = ['a', 'b', 'c', 'd'].map((slug) => ({ slug }));
  const slugs = (shown: { slug: string }[]) => shown.map((c) => c.slug);

  it('are the ones its document chose, in its order', () => {
    expect(slugs(casesShown(newestFirst, ['d', 'a']))).toEqual(['d', 'a']);
  });

  it('leave out a chosen case that is not published, and are the newest three when none of the chosen is', () => {
    expect(slugs(casesShown(newestFirst, ['gone', 'c']))).toEqual(['c']);
    expect(slugs(casesShown(newestFirst, ['gone']))).toEqual(['a', 'b', 'c']);
    expect(slugs(casesShown(newestFirst, []))).toEqual(['a', 'b', 'c']);
  });
});
