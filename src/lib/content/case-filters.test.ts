import { describe, expect, it } from 'vitest';

import { caseFiltersFrom, casesListPath, filterCases } from './case-filters';

const cases = [
  {
    slug: 'planbord',
    data: { client: { anonymous: false, sector: 'logistics' as const }, services: ['custom' as const, 'apps' as const] },
  },
  { slug: 'zorgportaal', data: { client: { anonymous: false, sector: 'healthcare' as const }, services: ['apps' as const] } },
  { slug: 'reparatie', data: { client: { anonymous: true, sector: 'housing' as const }, services: ['ai' as const] } },
];

describe('filtering the case studies', () => {
  it('reads a sector and a service from the address, matched exactly', () => {
    expect(caseFiltersFrom({ sector: 'healthcare', service: 'apps' })).toEqual({ sector: 'healthcare', service: 'apps' });
    expect(caseFiltersFrom({ sector: 'Healthcare', service: ' apps' })).toEqual({});
    expect(caseFiltersFrom({ sector: ['healthcare', 'housing'], service: 'toString' })).toEqual({});
  });

  it('keeps the cases that match every filter given', () => {
    const slugs = (filters: Parameters<typeof filterCases>[1]) => filterCases(cases, filters).map((c) => c.slug);
    expect(slugs({})).toEqual(['planbord', 'zorgportaal', 'reparatie']);
    expect(slugs({ service: 'apps' })).toEqual(['planbord', 'zorgportaal']);
    expect(slugs({ service: 'apps', sector: 'logistics' })).toEqual(['planbord']);
    expect(slugs({ sector: 'government' })).toEqual([]);
  });

  it('links to the list with its filters', () => {
    expect(casesListPath({})).toBe('/cases');
    expect(casesListPath({ sector: 'housing', service: 'ai' })).toBe('/cases?sector=housing&service=ai');
  });
});
