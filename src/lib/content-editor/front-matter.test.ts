import { describe, expect, it } from 'vitest';

import { vacancyFrontmatter } from '@/lib/content/frontmatter-schemas';

import { bodyTemplate, checkFrontMatter, frontMatterTemplate } from './front-matter';

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

  it('names a case study’s problems at the field the editor fixes them in', () => {
    const study = {
      ...frontMatterTemplate('cases', '2026-12-02'),
      title: 'Een reparatie melden in twee minuten',
      description: 'Huurders melden een lekkende kraan met een paar foto’s, en de juiste vakman wordt meteen ingepland.',
      client: { anonymous: false, sector: 'housing' },
      services: ['cloud', 'website'],
      period: { from: '2025-13', until: '2024-01' },
      figures: [{ value: '68%', label: '' }],
      quote: { text: 'Huurders bellen bijna niet meer.', name: 'Sanne de Groot' },
    };
    const checked = checkFrontMatter('cases', study);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.problems).toEqual(
      expect.arrayContaining([
        { field: 'client.name', code: 'required' },
        { field: 'services', code: 'choice' },
        { field: 'period.from', code: 'month' },
        { field: 'figures.0.label', code: 'required' },
        { field: 'quote.role', code: 'required' },
      ]),
    );
    const backwards = checkFrontMatter('cases', {
      ...study,
      client: { anonymous: true, sector: 'housing' },
      services: ['cloud'],
      period: { from: '2025-03', until: '2024-01' },
      figures: [],
      quote: undefined,
    });
    expect(backwards).toEqual({ ok: false, problems: [{ field: 'period.until', code: 'beforeStart' }] });
  });

  it('starts a case study’s story from the three headings, in the document’s language', () => {
    expect(bodyTemplate('cases', 'nl')).toContain('## Onze aanpak');
    expect(bodyTemplate('cases', 'en')).toContain('## Our approach');
    expect(bodyTemplate('blog', 'nl')).toBe('');
  });
});
