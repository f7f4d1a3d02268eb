import { describe, expect, it } from 'vitest';

import { blogPostFrontmatter, vacancyFrontmatter } from './frontmatter-schemas';
import { parseContentFile, parseFileName } from './parse-content-file';

const post = (frontmatter: string) => `---\n${frontmatter}\n---\n\nBody text.\n`;
const validPost = [
  'title: A useful post',
  'description: A description that is long enough to be shown on a card and in the feed.',
  'date: 2026-11-03',
  'author: Daan Smit',
].join('\n');

describe('parseContentFile', () => {
  it('reads slug, locale, typed frontmatter and body', () => {
    const entry = parseContentFile('content/blog/a-useful-post.en.mdx', post(validPost), blogPostFrontmatter);
    expect(entry).toMatchObject({ slug: 'a-useful-post', locale: 'en', file: 'content/blog/a-useful-post.en.mdx' });
    // YAML reads an unquoted date as a Date; the schema turns it back into a plain day.
    expect(entry.data).toEqual({
      title: 'A useful post',
      description: 'A description that is long enough to be shown on a card and in the feed.',
      date: '2026-11-03',
      author: 'Daan Smit',
      tags: [],
    });
    expect(entry.body.trim()).toBe('Body text.');
  });

  it('rejects bad frontmatter naming the file and every field', () => {
    const bad = post(validPost.replace('date: 2026-11-03', 'date: next tuesday').replace('author: Daan Smit', ''));
    expect(() => parseContentFile('content/blog/broken.nl.mdx', bad, blogPostFrontmatter)).toThrowError(
      /^content\/blog\/broken\.nl\.mdx: invalid frontmatter\n {2}- field "date": expected a date as YYYY-MM-DD\n {2}- field "author": /,
    );
  });

  it('rejects unknown fields, so a typo does not silently drop a value', () => {
    expect(() => parseContentFile('content/blog/x.nl.mdx', post(`${validPost}\nauthour: Typo`), blogPostFrontmatter)).toThrowError(
      /content\/blog\/x\.nl\.mdx: invalid frontmatter\n.*authour/,
    );
  });

  it('names nested vacancy fields by their path', () => {
    const vacancy = post(
      [
        'title: Medior .NET developer',
        'description: A description that is long enough to be shown on a card and in the list.',
        'status: open',
        'location: Zwolle',
        'hours: { min: 40, max: 32 }',
        'employmentType: FULL_TIME',
        'salary: { min: 3800, max: 5000 }',
        'datePosted: 2026-10-19',
        'offer: [Coffee]',
      ].join('\n'),
    );
    expect(() => parseContentFile('content/vacancies/dotnet.nl.mdx', vacancy, vacancyFrontmatter)).toThrowError(
      'content/vacancies/dotnet.nl.mdx: invalid frontmatter\n  - field "hours.max": must be at least hours.min',
    );
    expect(() =>
      parseContentFile(
        'content/vacancies/dotnet.nl.mdx',
        vacancy.replace('FULL_TIME', 'FULLTIME').replace('max: 32', 'max: 40'),
        vacancyFrontmatter,
      ),
    ).toThrowError(/field "employmentType"/);
  });

  it('rejects YAML that does not parse, naming the file', () => {
    expect(() => parseContentFile('content/blog/y.nl.mdx', post('title: [unclosed'), blogPostFrontmatter)).toThrowError(
      /^content\/blog\/y\.nl\.mdx: frontmatter is not valid YAML/,
    );
  });
});

describe('parseFileName', () => {
  it('accepts <slug>.<locale>.mdx only', () => {
    expect(parseFileName('content/blog/wanneer-maatwerk.nl.mdx')).toEqual({ slug: 'wanneer-maatwerk', locale: 'nl' });
    expect(() => parseFileName('content/blog/Post.nl.mdx')).toThrowError(/Post\.nl\.mdx: file name must be/);
    expect(() => parseFileName('content/blog/post.de.mdx')).toThrowError(/unknown locale "de"/);
    expect(() => parseFileName('content/blog/page.nl.mdx')).toThrowError(/slug "page" is reserved/);
  });
});
