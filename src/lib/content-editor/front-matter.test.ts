import { describe, expect, it } from 'vitest';

import { vacancyFrontmatter } from '@/lib/content/frontmatter-schemas';

import { checkFrontMatter, frontMatterTemplate } from './front-matter';

const post = {
  title: 'Toegankelijk bouwen',
  description: 'Waarom we bij elk project met toegankelijkheid beginnen, en wat dat oplevert.',
  date: '2026-11-26',
  author: 'Noor Bakker',
  tags: ['toegankelijkheid'],
};

describe('front matter in the editor', () => {
  it('accepts what the files accepted, normalised by the same schema', () => {
    expect(checkFrontMatter('blog', { ...post, title: '  Toegankelijk bouwen  ' })).toEqual({ ok: true, frontMatter: post });
  });

  it('reports one problem per field, with the limit it broke', () => {
    const checked = checkFrontMatter('blog', { ...post, title: 'Kort', description: 'x'.repeat(221), date: '2026-13-45', tags: ['a', ''] });
    expect(checked).toEqual({
      ok: false,
      problems: [
        { field: 'title', code: 'tooShort', limit: 5 },
        { field: 'description', code: 'tooLong', limit: 220 },
        { field: 'date', code: 'date' },
        { field: 'tags', code: 'required' },
      ],
    });
  });

  it('names a missing field, a wrong choice, a broken range and a list too short on a vacancy', () => {
    const vacancy = { ...frontMatterTemplate('vacancies', '2026-11-26'), title: 'Frontend developer', status: 'maybe' };
    const checked = checkFrontMatter('vacancies', { ...vacancy, hours: { min: 40, max: 32 }, location: undefined });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.problems).toEqual(
      expect.arrayContaining([
        { field: 'description', code: 'required' },
        { field: 'status', code: 'choice' },
        { field: 'location', code: 'required' },
        { field: 'offer', code: 'tooFew', limit: 1 },
      ]),
    );
  });

  it('checks that a range runs upwards once every field is there', () => {
    const vacancy = {
      ...frontMatterTemplate('vacancies', '2026-11-26'),
      title: 'Frontend developer',
      description: 'Bouw met ons aan toegankelijke websites voor klanten in de regio.',
      offer: ['Een goed salaris'],
      salary: { min: 5000, max: 4000, hours: 40 },
    };
    expect(checkFrontMatter('vacancies', vacancy)).toEqual({ ok: false, problems: [{ field: 'salary.max', code: 'belowMin' }] });
  });

  it('requires the hours a salary range is for, and an optional cao (pay transparency)', () => {
    const vacancy = {
      ...frontMatterTemplate('vacancies', '2026-11-26'),
      title: 'Frontend developer',
      description: 'Bouw met ons aan toegankelijke websites voor klanten in de regio.',
      offer: ['Een goed salaris'],
    };
    expect(checkFrontMatter('vacancies', vacancy).ok).toBe(true);
    expect(checkFrontMatter('vacancies', { ...vacancy, salary: { min: 3000, max: 4500 } })).toEqual({
      ok: false,
      problems: [{ field: 'salary.hours', code: 'required' }],
    });
    expect(checkFrontMatter('vacancies', { ...vacancy, salary: { min: 3000, max: 4500, hours: 60 } })).toEqual({
      ok: false,
      problems: [{ field: 'salary.hours', code: 'tooHigh', limit: 40 }],
    });
    expect(checkFrontMatter('vacancies', { ...vacancy, collectiveAgreement: 'Cao Metalektro' }).ok).toBe(true);
    // What was saved before the rule stays readable on the site (vacancyFrontmatter), without the hours.
    expect(vacancyFrontmatter.safeParse({ ...vacancy, salary: { min: 3000, max: 4500 }, datePosted: '2026-11-26' }).success).toBe(true);
  });
});
