import { describe, expect, it } from 'vitest';

import { companyDefaults } from '@/lib/company/defaults';

import { breadcrumbJsonLd, caseStudyJsonLd } from './structured-data';

const study = {
  locale: 'nl' as const,
  data: {
    title: 'Eén planbord voor 140 vrachtwagens',
    description: 'Excellijsten en telefoontjes maakten plaats voor een planningsplatform.',
    client: { anonymous: false, name: 'Van der Vecht Logistiek', sector: 'logistics' as const, place: 'Zwolle' },
    services: ['custom' as const],
    period: { from: '2024-09', until: '2025-09' },
    figures: [{ value: '23%', label: 'minder lege kilometers' }],
    quote: { text: 'Het planbord is het hart van ons bedrijf.', name: 'Ilse van der Vecht', role: 'Directeur' },
    related: [],
    posts: [],
  },
};
const url = 'https://www.bitwerf.nl/cases/planbord';

describe('a case study’s structured data', () => {
  it('is an Article about the client as an Organization, with its logo', () => {
    const data = caseStudyJsonLd(companyDefaults, study, url, { logoUrl: 'https://cdn.test/logo.webp' });
    expect(data).toMatchObject({
      '@type': 'Article',
      headline: study.data.title,
      inLanguage: 'nl',
      about: { '@type': 'Organization', name: 'Van der Vecht Logistiek', logo: 'https://cdn.test/logo.webp' },
    });
  });

  it('names no anonymous client, and never marks the quote up as a review or a rating', () => {
    const anonymous = caseStudyJsonLd(
      companyDefaults,
      { ...study, data: { ...study.data, client: { anonymous: true, sector: 'logistics' } } },
      url,
    );
    expect(anonymous).not.toHaveProperty('about');
    const text = JSON.stringify(caseStudyJsonLd(companyDefaults, study, url));
    expect(text).not.toMatch(/Review|Rating|Ilse van der Vecht/);
  });

  it('gives a breadcrumb trail its positions', () => {
    expect(
      breadcrumbJsonLd([
        { name: 'Home', url: 'https://www.bitwerf.nl' },
        { name: 'Cases', url: 'https://www.bitwerf.nl/cases' },
      ]),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://www.bitwerf.nl' },
        { '@type': 'ListItem', position: 2, name: 'Cases', item: 'https://www.bitwerf.nl/cases' },
      ],
    });
  });
});
