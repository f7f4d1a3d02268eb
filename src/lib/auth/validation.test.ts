import { describe, expect, it } from 'vitest';

import { MAX_EMAIL_LENGTH, PASSWORD_MIN_LENGTH } from './input-limits';
import { validateEmail, validateNewPassword } from './validation';

describe('validateEmail', () => {
  it('trims and accepts an address', () => {
    expect(validateEmail('  demo@bitwerf.nl ')).toEqual({ email: 'demo@bitwerf.nl' });
  });
  it('tells an empty value from an invalid one', () => {
    expect(validateEmail('   ').error).toEqual({ key: 'emailRequired', field: 'email' });
    expect(validateEmail(null).error).toEqual({ key: 'emailRequired', field: 'email' });
    expect(validateEmail('demo@').error).toEqual({ key: 'emailInvalid', field: 'email' });
    expect(validateEmail('demo bitwerf.nl').error).toEqual({ key: 'emailInvalid', field: 'email' });
  });
  it('refuses an overlong value and gives only its start back', () => {
    const long = `${'a'.repeat(400)}@bitwerf.nl`;
    expect(validateEmail(long)).toEqual({ email: long.slice(0, MAX_EMAIL_LENGTH), error: { key: 'emailInvalid', field: 'email' } });
  });
});

describe('validateNewPassword', () => {
  const good = 'x'.repeat(PASSWORD_MIN_LENGTH);
  it('accepts a long enough, confirmed password', () => {
    expect(validateNewPassword(good, good)).toEqual({ password: good });
  });
  it('checks the length first, then the confirmation', () => {
    expect(validateNewPassword('short', 'other').error?.key).toBe('passwordTooShort');
    expect(validateNewPassword('é'.repeat(40), 'é'.repeat(40)).error?.key).toBe('passwordTooLong');
    expect(validateNewPassword(good, `${good}!`).error).toEqual({ key: 'passwordMismatch', field: 'confirm' });
  });
});
