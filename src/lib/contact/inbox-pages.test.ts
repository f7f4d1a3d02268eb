import { describe, expect, it } from 'vitest';

import { inboxPagePath, parseInboxPage, pageRange } from './inbox-pages';

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

describe('inboxPagePath', () => {
  it('keeps page 1 at the inbox itself', () => {
    expect(inboxPagePath(1)).toBe('/account/messages');
    expect(inboxPagePath(4)).toBe('/account/messages?page=4');
  });
});
