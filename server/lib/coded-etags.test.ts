import { describe, expect, it } from 'vitest';

import { codedEtag, heldCodings, matchesIfNoneMatch } from './coded-etags';

describe('codedEtag', () => {
  it('gives each coding its own tag, inside the quotes, and keeps weakness', () => {
    expect(codedEtag('"v1"', null)).toBe('"v1"');
    expect(codedEtag('"v1"', 'identity')).toBe('"v1"');
    expect(codedEtag('"v1"', 'gzip')).toBe('"v1-gz"');
    expect(codedEtag('"v1"', 'br')).toBe('"v1-br"');
    expect(codedEtag('W/"1a-2b"', 'deflate')).toBe('W/"1a-2b-deflate"');
  });

  it('leaves a value that is not an entity tag as it is', () => {
    expect(codedEtag('v1', 'gzip')).toBe('v1');
    expect(codedEtag('"v1" x', 'gzip')).toBe('"v1" x');
  });
});

describe('heldCodings', () => {
  it('names the codings in which the header holds the version', () => {
    expect(heldCodings('"v1-gz"', '"v1"')).toEqual(['gzip']);
    expect(heldCodings('"v1", W/"v1-br", "v2-gz"', '"v1"')).toEqual([null, 'br']);
    expect(heldCodings('"v2-gz"', '"v1"')).toEqual([]);
    expect(heldCodings(undefined, '"v1"')).toEqual([]);
  });

  it('does not take a tag that only ends like a suffix for a coding of another version', () => {
    expect(heldCodings('"abc-gz"', '"abc-gz"')).toEqual([null]);
    expect(heldCodings('"abc"', '"abc-gz"')).toEqual([]);
  });
});

describe('matchesIfNoneMatch', () => {
  it('matches the version in any coding', () => {
    expect(matchesIfNoneMatch('"v1-gz"', '"v1"')).toBe(true);
    expect(matchesIfNoneMatch('W/"v1-br"', '"v1"')).toBe(true);
    expect(matchesIfNoneMatch('"v2-gz"', '"v1"')).toBe(false);
  });

  it('compares weakly, accepts a list and *', () => {
    expect(matchesIfNoneMatch('"a", W/"b"', '"b"')).toBe(true);
    expect(matchesIfNoneMatch('*', '"b"')).toBe(true);
    expect(matchesIfNoneMatch('"a"', '"b"')).toBe(false);
    expect(matchesIfNoneMatch(undefined, '"b"')).toBe(false);
  });
});
