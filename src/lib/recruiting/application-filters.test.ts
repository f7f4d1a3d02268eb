import { describe, expect, it } from 'vitest';

import {
  applicationsPageCount,
  applicationsPageRange,
  applicationsPath,
  OPEN_APPLICATION,
  parseApplicationFilters,
} from './application-filters';

describe('parseApplicationFilters', () => {
  it('reads no filters as everything, page 1', () => {
    expect(parseApplicationFilters({})).toEqual({ page: 1 });
    // The GET form sends its "all" options as empty values.
    expect(parseApplicationFilters({ vacancy: '', status: '' })).toEqual({ page: 1 });
  });

  it('reads a vacancy, open applications, a status and a page', () => {
    expect(parseApplicationFilters({ vacancy: 'senior-frontend-developer', status: 'in_review', page: '3' })).toEqual({
      vacancy: 'senior-frontend-developer',
      status: 'in_review',
      page: 3,
    });
    expect(parseApplicationFilters({ vacancy: OPEN_APPLICATION })).toEqual({ vacancy: OPEN_APPLICATION, page: 1 });
  });

  it('ignores parameters it does not know', () => {
    expect(parseApplicationFilters({ utm_source: 'mail', status: 'hired' })).toEqual({ status: 'hired', page: 1 });
  });

  it.each([
    { vacancy: 'Senior Developer' },
    { vacancy: 'a'.repeat(101) },
    { vacancy: '../etc' },
    { vacancy: ['a', 'b'] },
    { status: 'archived' },
    { status: 'NEW' },
    { page: '0' },
    { page: '1.5' },
    { page: 'abc' },
    { page: ['1', '2'] },
  ])('refuses %j', (params) => {
    expect(parseApplicationFilters(params)).toBeUndefined();
  });
});

describe('applicationsPath', () => {
  it('is the bare list without filters on page 1', () => {
    expect(applicationsPath({})).toBe('/account/applications');
    expect(applicationsPath({}, 1)).toBe('/account/applications');
  });

  it('keeps the filters on every page, and reads back as the same filters', () => {
    const path = applicationsPath({ vacancy: 'backend-developer', status: 'new' }, 2);
    expect(path).toBe('/account/applications?vacancy=backend-developer&status=new&page=2');
    const query = Object.fromEntries(new URL(path, 'http://site.test').searchParams);
    expect(parseApplicationFilters(query)).toEqual({ vacancy: 'backend-developer', status: 'new', page: 2 });
  });
});

describe('paging', () => {
  it('shows 25 a page, and at least one page', () => {
    expect(applicationsPageRange(1)).toEqual({ from: 0, to: 24 });
    expect(applicationsPageRange(3)).toEqual({ from: 50, to: 74 });
    expect(applicationsPageCount(0)).toBe(1);
    expect(applicationsPageCount(25)).toBe(1);
    expect(applicationsPageCount(26)).toBe(2);
  });
});
