import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { startTestBackend } from './helpers';
import { parseSmsTemplate } from '../src/auth/sms-template';
import { MFA_PHONE_DEFAULTS, REPO_ROOT, resolveMfaPhone } from '../src/config';

/**
 * The `key = value` lines of `[auth.mfa.phone]` in supabase/config.toml. Only the value shapes that
 * section uses (booleans, integers, quoted strings, durations like "5s") are read; anything else
 * fails the test rather than being guessed at.
 */
function configTomlMfaPhone(): Record<string, string | number | boolean> {
  const toml = readFileSync(path.join(REPO_ROOT, 'supabase/config.toml'), 'utf8');
  const section = /^\[auth\.mfa\.phone\]\n([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(toml)?.[1] ?? '';
  const values: Record<string, string | number | boolean> = {};
  for (const line of section.split('\n')) {
    const text = line.replace(/#.*$/, '').trim();
    if (text === '') continue;
    const match = /^(\w+)\s*=\s*(.+)$/.exec(text);
    if (match?.[1] === undefined || match[2] === undefined) throw new Error(`cannot read "${line}"`);
    const raw = match[2];
    if (raw === 'true' || raw === 'false') values[match[1]] = raw === 'true';
    else if (/^\d+$/.test(raw)) values[match[1]] = Number(raw);
    else if (/^"[^"\\]*"$|^'[^']*'$/.test(raw)) values[match[1]] = raw.slice(1, -1);
    else throw new Error(`cannot read the value of "${line}"`);
  }
  return values;
}

const seconds = (duration: string): number => {
  const match = /^(\d+)s$/.exec(duration);
  if (match?.[1] === undefined) throw new Error(`max_frequency "${duration}" is not in seconds`);
  return Number(match[1]);
};

describe('[auth.mfa.phone]', () => {
  it('holds the backend’s defaults and supabase/config.toml together (change both to turn phone MFA on)', () => {
    const toml = configTomlMfaPhone();
    expect(MFA_PHONE_DEFAULTS.enrollEnabled).toBe(toml.enroll_enabled ?? false);
    expect(MFA_PHONE_DEFAULTS.verifyEnabled).toBe(toml.verify_enabled ?? false);
    if (toml.otp_length !== undefined) expect(MFA_PHONE_DEFAULTS.otpLength).toBe(toml.otp_length);
    if (typeof toml.max_frequency === 'string') expect(MFA_PHONE_DEFAULTS.maxFrequencySeconds).toBe(seconds(toml.max_frequency));
    if (toml.template !== undefined) expect(MFA_PHONE_DEFAULTS.template).toBe(toml.template);
  });

  it('applies GoTrue’s defaults: 6 digits outside 6–10, a minute for 0, the default template for ""', () => {
    expect(resolveMfaPhone({ otpLength: 4, maxFrequencySeconds: 0, template: '' })).toMatchObject({
      otpLength: 6,
      maxFrequencySeconds: 60,
      template: 'Your code is {{ .Code }}',
    });
    expect(resolveMfaPhone({ otpLength: 8 }).otpLength).toBe(8);
    expect(resolveMfaPhone({ otpLength: 11 }).otpLength).toBe(6);
  });
});

describe('MFA SMS template', () => {
  it('renders {{ .Code }} as Go’s text/template does, without escaping', () => {
    expect(parseSmsTemplate('Your code is {{ .Code }}')('012345')).toBe('Your code is 012345');
    expect(parseSmsTemplate('<b>{{.Code}}</b> & {{ .Code }}')('42')).toBe('<b>42</b> & 42');
    expect(parseSmsTemplate('no code')('1')).toBe('no code');
  });

  it('refuses any other template syntax, which could render differently in Go', () => {
    for (const source of ['{{ .Phone }}', '{{- .Code }}', '{{ if .Code }}x{{ end }}', 'Code: {{ .Code | printf "%s" }}']) {
      expect(() => parseSmsTemplate(source), source).toThrow(/only \{\{ \.Code \}\} can be rendered/);
    }
  });

  it('uses the configured template and code length, and a backend with an unreadable template does not start', async () => {
    const backend = await startTestBackend({
      mfaPhone: { enrollEnabled: true, verifyEnabled: true, otpLength: 8, template: 'Bitwerf-code: {{ .Code }}. Deel hem met niemand.' },
    });
    try {
      const email = 'template@bitwerf.nl';
      await backend.admin().auth.admin.createUser({ email, password: 'secret-123', email_confirm: true });
      const client = backend.client();
      await client.auth.signInWithPassword({ email, password: 'secret-123' });
      const enrolled = await client.auth.mfa.enroll({ factorType: 'phone', phone: '+31612345678' });
      if (enrolled.error !== null) throw enrolled.error;
      expect((await client.auth.mfa.challenge({ factorId: enrolled.data.id })).error).toBeNull();
      const response = await backend.fetch('/inbox/v1/phone-messages', { headers: { apikey: backend.serviceRoleKey } });
      const [message] = (await response.json()) as { body: string; otp: string }[];
      expect(message?.otp).toMatch(/^\d{8}$/);
      expect(message?.body).toBe(`Bitwerf-code: ${message?.otp ?? ''}. Deel hem met niemand.`);
    } finally {
      await backend.close();
    }
    await expect(startTestBackend({ mfaPhone: { template: 'Code {{ .Token }}' } })).rejects.toThrow(/MFA phone template/);
  });
});
