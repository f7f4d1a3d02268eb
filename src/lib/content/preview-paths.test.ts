import { describe, expect, it } from 'vitest';

import { entryPath, exitPreviewPath, sameSitePath } from './preview-paths';

describe('preview paths', () => {
  it('name an entry by its collection, slug and locale', () => {
    expect(entryPath('blog', 'a-post', 'nl')).toBe('/blog/a-post');
    expect(entryPath('vacancies', 'a-job', 'en')).toBe('/en/vacancies/a-job');
    expect(exitPreviewPath('/en/blog/a-post')).toBe('/api/content/preview/exit?path=%2Fen%2Fblog%2Fa-post');
  });

  it('return only to this site', () => {
    expect(sameSitePath('/en/blog/a-post?x=1#h')).toBe('/en/blog/a-post?x=1#h');
    for (const foreign of ['//evil.example', '/\\evil.example', '/\t/evil.example', 'https://evil.example', 'evil', null]) {
      expect(sameSitePath(foreign), String(foreign)).toBe('/');
    }
  });
});
