import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { ContactFormState } from '@/lib/contact/contact-form-state';

const sendContactMessage = vi.fn();
vi.mock('@/lib/contact/send-contact-message', () => ({ sendContactMessage: (...args: unknown[]) => sendContactMessage(...args) }));
vi.mock('@/lib/request/client-ip', () => ({ clientIpKey: async () => 'visitor-key' }));

const { submitContact } = await import('./actions');

const idle: ContactFormState = { status: 'idle', values: {} };
const badRequest: ContactFormState = { status: 'failed', reason: 'badRequest', values: {} };

function validForm(extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  const fields = {
    name: 'Sanne de Vries',
    email: 'sanne@example.nl',
    subject: 'project',
    message: 'Wij zoeken een partner.',
    consent: 'on',
    ...extra,
  };
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
}

beforeEach(() => {
  sendContactMessage.mockReset();
  sendContactMessage.mockResolvedValue('sent');
});

describe('submitContact', () => {
  it('sends a valid form in the given locale, keyed on the visitor', async () => {
    expect(await submitContact('en', idle, validForm())).toEqual({ status: 'sent', name: 'Sanne de Vries' });
    expect(sendContactMessage).toHaveBeenCalledWith(expect.objectContaining({ email: 'sanne@example.nl' }), 'en', 'visitor-key');
  });

  it('answers a call whose form is not FormData with a clean error state, not a crash', async () => {
    // What a forged action call can decode to: nothing, text, numbers, arrays, objects that look like a form.
    for (const form of [
      undefined,
      null,
      'name=Sanne',
      42,
      [],
      {},
      { get: () => 'x' },
      new URLSearchParams('name=Sanne'),
      new Blob(['x']),
    ]) {
      expect(await submitContact('nl', idle, form)).toEqual(badRequest);
    }
    expect(sendContactMessage).not.toHaveBeenCalled();
  });

  it('refuses a locale the site does not have', async () => {
    for (const locale of ['de', '', undefined, null, 7, ['nl'], { toString: () => 'nl' }]) {
      expect(await submitContact(locale, idle, validForm())).toEqual(badRequest);
    }
    expect(sendContactMessage).not.toHaveBeenCalled();
  });

  it('does not care what the previous state claims to be', async () => {
    for (const previous of [undefined, 'x', { status: 'sent' }]) {
      expect(await submitContact('nl', previous, validForm())).toEqual({ status: 'sent', name: 'Sanne de Vries' });
    }
  });

  it('keeps answering the honeypot as sent and validation errors as invalid', async () => {
    expect(await submitContact('nl', idle, validForm({ website: 'https://spam.example' }))).toEqual({
      status: 'sent',
      name: 'Sanne de Vries',
    });
    expect(await submitContact('nl', idle, validForm({ email: 'sanne@' }))).toMatchObject({
      status: 'invalid',
      errors: { email: 'email.invalid' },
    });
    expect(sendContactMessage).not.toHaveBeenCalled();
  });

  it('passes a refusal of the sender on, with what was typed', async () => {
    sendContactMessage.mockResolvedValueOnce('busy');
    expect(await submitContact('nl', idle, validForm())).toMatchObject({
      status: 'failed',
      reason: 'busy',
      values: { name: 'Sanne de Vries' },
    });
  });
});
