import { describe, expect, it } from 'vitest';

import { normalizeOtp } from './otp';

describe('normalizeOtp', () => {
  it.each([
    ['123456', '123456'],
    ['123 456', '123456'],
    [' 123 456 ', '123456'],
    ['123-456', '123456'],
    ['123\u00a0456', '123456'],
  ])('reads %j as %s', (raw, expected) => {
    expect(normalizeOtp(raw)).toBe(expected);
  });

  it.each(['', '12345', '1234567', '12a456', '１２３４５６', undefined])('refuses %j', (raw) => {
    expect(normalizeOtp(raw)).toBeNull();
  });
});
