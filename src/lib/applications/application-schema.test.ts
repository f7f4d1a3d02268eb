import { describe, expect, it } from 'vitest';

import { checkChosenFile, cleanValue, validateApplication } from './application-schema';

const valid = { name: 'Sanne de Vries', email: 'sanne@example.nl', motivation: 'x'.repeat(60), consent: 'on' };

describe('validateApplication', () => {
  it('accepts a complete application, the optional fields left out', () => {
    expect(validateApplication(valid)).toEqual({ ok: true, application: valid });
  });

  it('names the first problem of each field by its message key', () => {
    expect(
      validateApplication({ name: 'S', email: 'sanne@', motivation: 'kort', phone: 'bel me', profileUrl: 'linkedin.com/in/sanne' }),
    ).toEqual({
      ok: false,
      errors: {
        name: 'name.tooShort',
        email: 'email.invalid',
        motivation: 'motivation.tooShort',
        phone: 'phone.invalid',
        profileUrl: 'profileUrl.invalid',
        consent: 'consent.required',
      },
    });
    expect(validateApplication({})).toMatchObject({
      errors: { name: 'name.required', email: 'email.required', motivation: 'motivation.required' },
    });
  });

  it('takes only web links as a profile, so no script or data link ever reaches staff', () => {
    for (const profileUrl of ['javascript:alert(1)//https://x.nl', 'data:text/html,hi', 'https://localhost', 'ftp://example.nl']) {
      expect(validateApplication({ ...valid, profileUrl })).toMatchObject({ ok: false, errors: { profileUrl: 'profileUrl.invalid' } });
    }
    expect(validateApplication({ ...valid, profileUrl: 'https://www.linkedin.com/in/sanne' }).ok).toBe(true);
  });
});

describe('cleanValue', () => {
  it('counts a line break as one character, as the browser counter does, however the form sent it', () => {
    expect(cleanValue('motivation', ' een\r\ntwee\rdrie\n ')).toBe('een\ntwee\ndrie');
    expect(cleanValue('name', '  Sanne \n de  Vries ')).toBe('Sanne de Vries');
  });
});

describe('checkChosenFile', () => {
  it('requires a CV but not the extra file, and refuses empty and oversized files before sending', () => {
    expect(checkChosenFile('cv', null)).toBe('file.required');
    expect(checkChosenFile('cv', { name: '', size: 0 })).toBe('file.required');
    expect(checkChosenFile('extra', { name: '', size: 0 })).toBeNull();
    expect(checkChosenFile('cv', { name: 'cv.pdf', size: 0 })).toBe('file.empty');
    expect(checkChosenFile('cv', { name: 'cv.pdf', size: 10 * 1024 * 1024 + 1 })).toBe('file.tooLarge');
    expect(checkChosenFile('cv', { name: 'cv.pdf', size: 10 * 1024 * 1024 })).toBeNull();
  });
});
