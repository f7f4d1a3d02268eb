import { describe, expect, it } from 'vitest';

import { enrolmentLink, hashEnrolmentToken, isEnrolmentToken, newEnrolmentToken } from './enrolment-token';

describe('enrolment tokens', () => {
  it('are 32 random bytes, never the same twice', () => {
    const tokens = new Set(Array.from({ length: 100 }, newEnrolmentToken));
    expect(tokens.size).toBe(100);
    for (const token of tokens) {
      expect(isEnrolmentToken(token)).toBe(true);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
  });

  it('are stored as their hex SHA-256, which the database checks the shape of', () => {
    expect(hashEnrolmentToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashEnrolmentToken(newEnrolmentToken())).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuse anything that is not one of ours before it is hashed', () => {
    for (const value of [undefined, null, 42, '', 'short', `${newEnrolmentToken()}x`, `${newEnrolmentToken().slice(1)}=`, ['a']]) {
      expect(isEnrolmentToken(value)).toBe(false);
    }
  });

  it('travel in a link to the site, in the staff member’s language', () => {
    const token = newEnrolmentToken();
    expect(enrolmentLink('https://bitwerf.nl', token)).toBe(`https://bitwerf.nl/account/enrol?token=${token}`);
    expect(enrolmentLink('https://bitwerf.nl/', token, 'en')).toBe(`https://bitwerf.nl/en/account/enrol?token=${token}`);
  });
});
