import { describe, expect, it } from 'vitest';

import { entryPath, exitPreviewPath } from './preview-paths';

describe('preview paths', () => {
  it('name an entry by its collection, slug and locale', () => {
    expect(entryPath('blog', 'a-post', 'nl')).toBe('/blog/a-post');
    expect(entryPath('vacancies', 'a-job', 'en')).toBe('/en/vacancies/a-job');
    expect(entryPath('pages', 'home', 'nl')).toBe('/');
    expect(entryPath('pages', 'home', 'en')).toBe('/en');
    expect(entryPath('pages', 'about', 'en')).toBe('/en/about-us');
    expect(exitPreviewPath('/en/blog/a-post')).toBe('/api/content/preview/exit?path=%2Fen%2Fblog%2Fa-post');
  });
});
