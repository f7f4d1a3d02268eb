import { describe, expect, it } from 'vitest';

import { isActivePath } from './active-path';

describe('isActivePath', () => {
  it('marks home only on the home page itself', () => {
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/', '/blog')).toBe(false);
  });

  it('keeps a section active on its own sub-pages', () => {
    expect(isActivePath('/blog', '/blog')).toBe(true);
    expect(isActivePath('/blog', '/blog/a-post')).toBe(true);
  });

  it('does not take a path that merely starts with the same letters for the section', () => {
    expect(isActivePath('/blog', '/blogroll')).toBe(false);
  });
});
