import { describe, expect, it } from 'vitest';

import { formatDateTime, formatMonth } from './locale-format';

describe('formatDateTime', () => {
  it('writes a Dutch time the Dutch way, with a full stop and "uur", in Amsterdam time', () => {
    expect(formatDateTime('2026-11-23T19:39:00Z', 'nl')).toBe('23 november 2026 om 20.39 uur');
    expect(formatDateTime('2026-07-01T07:05:00Z', 'nl')).toBe('1 juli 2026 om 9.05 uur');
    expect(formatDateTime('2026-11-23T19:39:00Z', 'nl', 'medium')).toBe('23 nov 2026, 20.39 uur');
  });

  it('keeps the British form in English', () => {
    expect(formatDateTime('2026-11-23T19:39:00Z', 'en')).toBe('23 November 2026 at 20:39');
  });

  it('writes the hour without a leading zero, and midnight as 0.00', () => {
    expect(formatDateTime('2026-11-23T23:00:00Z', 'nl')).toBe('24 november 2026 om 0.00 uur');
  });
});

describe('formatMonth', () => {
  it('writes a month and its year in the language', () => {
    expect(formatMonth('2025-03', 'nl')).toBe('maart 2025');
    expect(formatMonth('2025-12', 'en')).toBe('December 2025');
  });
});
