import { describe, expect, it } from 'vitest';

import { maskPhone, normalizePhone } from './phone-number';

describe('normalizePhone', () => {
  it.each([
    ['06 12345678', '+31612345678'],
    ['06-1234 5678', '+31612345678'],
    ['  +31 6 12345678 ', '+31612345678'],
    ['0031 6 1234 5678', '+31612345678'],
    ['+32 470 12 34 56', '+32470123456'],
    ['+44 7400 123456', '+447400123456'],
  ])('reads "%s" as %s (Dutch when it has no country code)', (typed, e164) => {
    expect(normalizePhone(typed)).toEqual({ phone: e164 });
  });

  it.each([
    ['', 'phoneRequired'],
    ['   ', 'phoneRequired'],
    ['12345', 'phoneInvalid'],
    ['06 1234', 'phoneInvalid'],
    ['+31 6 1234567890', 'phoneInvalid'],
    ['bel me maar', 'phoneInvalid'],
    [`06${'1'.repeat(60)}`, 'phoneInvalid'],
  ])('refuses "%s" with %s, at the number field', (typed, key) => {
    expect(normalizePhone(typed)).toEqual({ error: { key, field: 'phone' } });
  });

  it('refuses numbers no code can reach, such as a landline or a free number', () => {
    expect(normalizePhone('020 123 4567')).toEqual({ error: { key: 'phoneNotMobile', field: 'phone' } });
    expect(normalizePhone('0800 0123')).toEqual({ error: { key: 'phoneNotMobile', field: 'phone' } });
  });

  it.each([null, undefined, 31612345678, ['06 12345678']])('takes only a string (%j)', (raw) => {
    expect(normalizePhone(raw)).toEqual({ error: { key: 'phoneRequired', field: 'phone' } });
  });
});

describe('maskPhone', () => {
  it('shows the country code, the first digit and the last four', () => {
    expect(maskPhone('+31612345678')).toBe('+31 6 •••• 5678');
    expect(maskPhone('+32470123456')).toBe('+32 4 •••• 3456');
  });

  it('takes the stored digits without "+", as Auth returns them', () => {
    expect(maskPhone('31612345678')).toBe('+31 6 •••• 5678');
  });

  it('shows only the last four of something that is not a number', () => {
    expect(maskPhone('12345')).toBe('•••• 2345');
    expect(maskPhone('')).toBe('•••• ');
  });
});
