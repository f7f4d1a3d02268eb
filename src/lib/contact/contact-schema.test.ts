import { describe, expect, it } from 'vitest';

import { readContactForm, validateContact } from './contact-schema';

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.set(key, value);
  return data;
}

const valid = {
  name: 'Sanne de Vries',
  email: 'sanne@example.nl',
  subject: 'project',
  message: 'We zoeken een partner voor ons klantportaal.',
  consent: 'on',
};

describe('contact form validation', () => {
  it('accepts a complete message and trims what was typed', () => {
    const values = readContactForm(form({ ...valid, name: '  Sanne   de Vries ', company: '  ', phone: '' }));
    expect(values).toEqual({ ...valid, name: 'Sanne de Vries' });
    expect(validateContact(values)).toEqual({ ok: true, message: { ...valid, name: 'Sanne de Vries' } });
  });

  it('names each missing required field', () => {
    const result = validateContact(readContactForm(form({ subject: 'general' })));
    expect(result).toEqual({
      ok: false,
      errors: { name: 'name.required', email: 'email.required', message: 'message.required', consent: 'consent.required' },
    });
  });

  it('rejects a malformed e-mail, phone, subject and a too-short message', () => {
    const result = validateContact({ ...valid, email: 'sanne@', phone: 'bel me', subject: 'spam', message: 'Hoi' });
    expect(result).toEqual({
      ok: false,
      errors: { email: 'email.invalid', phone: 'phone.invalid', subject: 'subject.invalid', message: 'message.tooShort' },
    });
  });

  it('keeps the length limits of the database', () => {
    const result = validateContact({ ...valid, name: 'x'.repeat(201), message: 'y'.repeat(5001) });
    expect(result).toEqual({ ok: false, errors: { name: 'name.tooLong', message: 'message.tooLong' } });
  });

  it('accepts Dutch and international phone numbers', () => {
    for (const phone of ['038 123 45 67', '+31 (0)38-1234567', '0612345678']) {
      expect(validateContact({ ...valid, phone }).ok).toBe(true);
    }
  });
});
