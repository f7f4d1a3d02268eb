import { describe, expect, it } from 'vitest';

import { formatDay, formatEuros, todayInAmsterdam } from '@/lib/locale-format';

import { applyPath } from './apply-path';
import { isVacancyOpen } from './vacancy-status';

describe('vacancy status', () => {
  it('is open while marked open and not past its closing day', () => {
    expect(isVacancyOpen({ status: 'open' }, '2026-11-22')).toBe(true);
    expect(isVacancyOpen({ status: 'open', validThrough: '2026-11-22' }, '2026-11-22')).toBe(true);
    expect(isVacancyOpen({ status: 'open', validThrough: '2026-11-21' }, '2026-11-22')).toBe(false);
    expect(isVacancyOpen({ status: 'closed', validThrough: '2027-01-01' }, '2026-11-22')).toBe(false);
  });

  it('links "apply" to the form on the vacancy itself, or to the open application', () => {
    expect(applyPath('devops-cloud-engineer')).toBe('/vacancies/devops-cloud-engineer#apply');
    expect(applyPath()).toBe('/vacancies#open-application');
  });
});

describe('locale formatting', () => {
  it('writes dates and euros the way each locale reads them', () => {
    expect(formatDay('2026-11-03', 'nl')).toBe('3 november 2026');
    expect(formatDay('2026-11-03', 'en')).toBe('3 November 2026');
    expect(formatEuros(4200, 'nl').replace(/\s/g, ' ')).toBe('€ 4.200');
    expect(formatEuros(4200, 'en')).toBe('€4,200');
    expect(todayInAmsterdam(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23');
  });
});
