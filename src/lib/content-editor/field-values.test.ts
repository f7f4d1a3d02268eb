import { describe, expect, it } from 'vitest';

import { frontMatterOf, valuesOf } from './field-values';
import { checkFrontMatter, frontMatterTemplate } from './front-matter';

describe('the editor’s fields and the front matter', () => {
  it('round-trip a vacancy, with numbers, a range and one offer point per line', () => {
    const vacancy = {
      ...frontMatterTemplate('vacancies', '2026-11-26'),
      title: 'Frontend developer',
      description: 'Bouw met ons aan toegankelijke websites voor klanten in de regio.',
      offer: ['Een goed salaris', 'Thuiswerken'],
    };
    const values = valuesOf('vacancies', vacancy);
    expect(values).toMatchObject({ 'hours.min': '32', offer: 'Een goed salaris\nThuiswerken', validThrough: '' });
    expect(frontMatterOf('vacancies', values)).toEqual(vacancy);
    expect(checkFrontMatter('vacancies', frontMatterOf('vacancies', values)).ok).toBe(true);
  });

  it('leave empty optional fields out, split tags on commas, and keep a number that is not one for the schema to name', () => {
    const values = { title: 'Titel', description: 'x', date: '2026-11-26', updated: ' ', author: 'Noor', authorRole: '', tags: 'a, b,, c' };
    expect(frontMatterOf('blog', values)).toEqual({
      title: 'Titel',
      description: 'x',
      date: '2026-11-26',
      author: 'Noor',
      tags: ['a', 'b', 'c'],
    });
    const vacancy = frontMatterOf('vacancies', {
      ...valuesOf('vacancies', frontMatterTemplate('vacancies', '2026-11-26')),
      'hours.max': 'veertig',
    });
    expect(vacancy.hours).toEqual({ min: 32, max: 'veertig' });
  });
});
