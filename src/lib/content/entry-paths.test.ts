import { describe, expect, it } from 'vitest';
import { isPrerenderedEntry } from './entry-paths';

describe('isPrerenderedEntry', () => {
  it('knows every post and vacancy with a file in either language', () => {
    expect(isPrerenderedEntry('/blog/wanneer-kies-je-voor-maatwerk')).toBe(true);
    expect(isPrerenderedEntry('/blog/wbso-subsidie-voor-softwareontwikkeling')).toBe(true);
    expect(isPrerenderedEntry('/vacancies/senior-full-stack-developer')).toBe(true);
    expect(isPrerenderedEntry('/vacancies/afstudeerstage-software-engineering')).toBe(true);
  });

  it('does not know unknown slugs, other paths, or slugs under another collection', () => {
    for (const path of ['/blog/no-such-post', '/vacancies/wanneer-kies-je-voor-maatwerk', '/blog', '/blog/page/2', '/contact-us', '/blog/wanneer-kies-je-voor-maatwerk/x', '/blog/..']) {
      expect(isPrerenderedEntry(path), path).toBe(false);
    }
  });
});
