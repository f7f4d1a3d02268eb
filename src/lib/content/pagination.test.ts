import { describe, expect, it } from 'vitest';

import { extraPageNumbers, newestFirst, pageCount, pagePath, paginate, postsPerPage } from './pagination';

const posts = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ slug: `post-${i + 1}`, data: { date: `2026-01-${String(i + 1).padStart(2, '0')}` } }));

describe('blog ordering and pagination', () => {
  it('orders newest first, ties by slug', () => {
    const sorted = newestFirst([
      { slug: 'b', data: { date: '2026-03-01' } },
      { slug: 'old', data: { date: '2025-12-31' } },
      { slug: 'a', data: { date: '2026-03-01' } },
      { slug: 'new', data: { date: '2026-11-03' } },
    ]);
    expect(sorted.map((p) => p.slug)).toEqual(['new', 'a', 'b', 'old']);
  });

  it('keeps one page up to nine posts and adds a second from the tenth', () => {
    expect(postsPerPage).toBe(9);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(9)).toBe(1);
    expect(pageCount(10)).toBe(2);
    expect(pageCount(19)).toBe(3);
    expect(extraPageNumbers(9)).toEqual([]);
    expect(extraPageNumbers(10)).toEqual([2]);
    expect(extraPageNumbers(27)).toEqual([2, 3]);
  });

  it('slices pages and rejects pages that do not exist', () => {
    const list = newestFirst(posts(20));
    const first = paginate(list, 1);
    expect(first?.items.map((p) => p.slug)).toEqual(list.slice(0, 9).map((p) => p.slug));
    expect(first?.items[0]?.slug).toBe('post-20');
    expect(paginate(list, 3)).toEqual({ items: [list[18], list[19]], page: 3, pageCount: 3 });
    expect(paginate(list, 4)).toBeUndefined();
    expect(paginate(list, 0)).toBeUndefined();
    expect(paginate(list, 1.5)).toBeUndefined();
    expect(paginate([], 1)).toEqual({ items: [], page: 1, pageCount: 1 });
  });

  it('puts page one at the list itself', () => {
    expect(pagePath('/blog', 1)).toBe('/blog');
    expect(pagePath('/blog', 2)).toBe('/blog/page/2');
  });
});
