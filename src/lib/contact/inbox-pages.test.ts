import { describe, expect, it } from 'vitest';
import { inboxPagePath, pageLinks, parseInboxPage, pageRange } from './inbox-pages';

describe('parseInboxPage', () => {
  it('reads a page number from the query, page 1 when there is none', () => {
    expect(parseInboxPage(undefined)).toBe(1);
    expect(parseInboxPage('1')).toBe(1);
    expect(parseInboxPage('12')).toBe(12);
  });

  it('refuses anything that is not a plain positive whole number', () => {
    for (const value of ['0', '-1', '1.5', '1e3', ' 2', '2 ', '0x10', '', 'abc', '99999999999', ['1', '2']]) {
      expect(parseInboxPage(value), String(value)).toBeUndefined();
    }
  });
});

describe('pageRange', () => {
  it('gives the rows of a page, fifty at a time', () => {
    expect(pageRange(1)).toEqual({ from: 0, to: 49 });
    expect(pageRange(3)).toEqual({ from: 100, to: 149 });
  });
});

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

describe('inboxPagePath', () => {
  it('keeps page 1 at the inbox itself', () => {
    expect(inboxPagePath(1)).toBe('/account/messages');
    expect(inboxPagePath(4)).toBe('/account/messages?page=4');
  });
});
