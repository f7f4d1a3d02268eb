import { describe, expect, it } from 'vitest';

import { validateRows } from './content-rows';
import { blogPostFrontmatter, vacancyFrontmatter } from './frontmatter-schemas';

const post = {
  title: 'A useful post',
  description: 'A description that is long enough to be shown on a card and in the feed.',
  date: '2026-11-03',
  author: 'Daan Smit',
  tags: [],
};
const row = (slug: string, frontMatter: unknown, locale = 'nl') => ({ slug, locale, front_matter: frontMatter, body: 'Text.' });

describe('rows from Postgres', () => {
  it('become entries when their front matter passes the collection schema', () => {
    const { entries, rejected } = validateRows('blog', [row('a-post', post), row('a-post', post, 'en')], blogPostFrontmatter);
    expect(rejected).toEqual([]);
    expect(entries).toEqual([
      { slug: 'a-post', locale: 'nl', data: post, body: 'Text.', file: 'blog/a-post.nl' },
      { slug: 'a-post', locale: 'en', data: post, body: 'Text.', file: 'blog/a-post.en' },
    ]);
  });

  it('are left out and named with every reason when invalid, while the others still show', () => {
    const { entries, rejected } = validateRows(
      'blog',
      [
        row('good', post),
        row('no-date', { ...post, date: 'next tuesday' }),
        row('typo', { ...post, authour: 'x' }),
        row('german', post, 'de'),
        row('not-an-object', 'a string'),
      ],
      blogPostFrontmatter,
    );
    expect(entries.map((e) => e.slug)).toEqual(['good']);
    expect(rejected.map((r) => r.row)).toEqual(['blog/no-date.nl', 'blog/typo.nl', 'blog/german.de', 'blog/not-an-object.nl']);
    expect(rejected[0]?.reasons).toEqual(['field "date": expected a date as YYYY-MM-DD']);
    expect(rejected[1]?.reasons.join()).toMatch(/authour/);
    expect(rejected[2]?.reasons).toEqual(['unknown locale "de"']);
  });

  it('apply the cross-field rules of a vacancy', () => {
    const vacancy = {
      title: 'Medior .NET developer',
      description: 'A description that is long enough to be shown on a card and in the list.',
      status: 'open',
      location: 'Zwolle',
      hours: { min: 40, max: 32 },
      employmentType: 'FULL_TIME',
      salary: { min: 3800, max: 5000 },
      datePosted: '2026-10-19',
      offer: ['Coffee'],
    };
    const { entries, rejected } = validateRows('vacancies', [row('dotnet', vacancy)], vacancyFrontmatter);
    expect(entries).toEqual([]);
    expect(rejected).toEqual([{ row: 'vacancies/dotnet.nl', reasons: ['field "hours.max": must be at least hours.min'] }]);
  });
});
