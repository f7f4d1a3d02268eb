import { describe, expect, it } from 'vitest';

import { pageLinks } from './page-links';

describe('pageLinks', () => {
  it('lists every page when there are few', () => {
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the first, the last and the neighbours of the current page, with gaps between', () => {
    expect(pageLinks(1, 20)).toEqual([1, 2, 'gap', 20]);
    expect(pageLinks(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageLinks(20, 20)).toEqual([1, 'gap', 19, 20]);
  });

  it('shows a single skipped page instead of a gap', () => {
    expect(pageLinks(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageLinks(17, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
  });
});
