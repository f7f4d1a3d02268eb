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

  it('round-trip a case study: its client, services, period, key figures as rows, quote and related cases', () => {
    const study = {
      title: 'Eén planbord voor 140 vrachtwagens',
      description: 'Excellijsten en telefoontjes maakten plaats voor een planningsplatform dat ritten optimaliseert.',
      client: {
        anonymous: false,
        name: 'Van der Vecht Logistiek',
        sector: 'logistics',
        place: 'Zwolle',
        logo: 'a'.repeat(64),
        logoAlt: 'Logo van Van der Vecht',
      },
      services: ['custom', 'apps'],
      period: { from: '2025-03', until: '2025-11' },
      figures: [
        { value: '23%', label: 'minder lege kilometers' },
        { value: '140', label: 'vrachtwagens op één bord' },
      ],
      quote: { text: 'Het planbord is het hart van ons bedrijf geworden.', name: 'Ilse van der Vecht', role: 'Directeur' },
      related: ['zorgportaal', 'reparatie-melden'],
      posts: ['wanneer-kies-je-voor-maatwerk'],
    };
    const values = valuesOf('cases', study);
    expect(values).toMatchObject({
      'client.anonymous': '',
      services: 'custom,apps',
      'figures.1.label': 'vrachtwagens op één bord',
      'figures.2.value': '',
    });
    expect(frontMatterOf('cases', values)).toEqual(study);
    expect(checkFrontMatter('cases', frontMatterOf('cases', values))).toMatchObject({ ok: true });
  });

  it('leave out a case’s empty key figures and quote, and the name and logo of an anonymous client', () => {
    const values = {
      ...valuesOf('cases', frontMatterTemplate('cases', '2026-12-02')),
      'client.anonymous': 'true',
      'client.name': 'Wordt niet genoemd',
      'client.logo': 'b'.repeat(64),
      'figures.1.value': '41%',
      'figures.1.label': 'minder telefoontjes',
    };
    const frontMatter = frontMatterOf('cases', values);
    expect(frontMatter.client).toEqual({ anonymous: true, sector: 'logistics' });
    expect(frontMatter.figures).toEqual([{ value: '41%', label: 'minder telefoontjes' }]);
    expect(frontMatter).not.toHaveProperty('quote');
  });
});
