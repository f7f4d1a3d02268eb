import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { startTestBackend, type TestBackend } from './helpers';

/** Phone MFA on, as `[auth.mfa.phone] enroll_enabled = true, verify_enabled = true` sets it; the rest as hosted defaults it. */
let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend({ mfaPhone: { enrollEnabled: true, verifyEnabled: true } });
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await backend?.close();
});

interface PhoneMessage {
  id: string;
  to: string;
  channel: string;
  body: string;
  otp: string;
  created_at: string;
}

let counter = 0;
/** A user signed in with a password (aal1) and a phone number nobody else in this file uses. */
async function freshUser(): Promise<{ client: SupabaseClient; token: string; phone: string }> {
  counter += 1;
  const email = `phone${counter}@bitwerf.nl`;
  const password = 'secret-123';
  const created = await backend.admin().auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error !== null) throw created.error;
  const client = backend.client();
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error !== null || data.session === null) throw error ?? new Error('no session');
  return { client, token: data.session.access_token, phone: `+316123450${String(counter).padStart(2, '0')}` };
}

async function phoneMessages(to?: string, key = backend.serviceRoleKey): Promise<Response> {
  return backend.fetch(`/inbox/v1/phone-messages${to === undefined ? '' : `?to=${encodeURIComponent(to)}`}`, { headers: { apikey: key } });
}

/** The newest message to `to`, as an e2e test reads the code. */
async function lastMessage(to: string): Promise<PhoneMessage> {
  const response = await phoneMessages(to);
  expect(response.status).toBe(200);
  const [message] = (await response.json()) as PhoneMessage[];
  if (message === undefined) throw new Error(`no message to ${to}`);
  return message;
}

async function enrollPhone(client: SupabaseClient, phone: string, friendlyName?: string): Promise<string> {
  const { data, error } = await client.auth.mfa.enroll({
    factorType: 'phone',
    phone,
    ...(friendlyName === undefined ? {} : { friendlyName }),
  });
  if (error !== null) throw error;
  return data.id;
}

/** Lets `max_frequency` (5 s) pass for the next challenge, on the in-process backend's clock. */
function waitOutFrequency(seconds = 6): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + seconds * 1000);
}

const v2024 = { 'X-Supabase-Api-Version': '2024-01-01', 'Content-Type': 'application/json' };

describe('phone factor enrolment', () => {
  it('answers {id, type, friendly_name, phone} with the number as sent, and stores it as GoTrue normalises it', async () => {
    const { client, phone } = await freshUser();
    const spaced = `${phone.slice(0, 3)} ${phone.slice(3, 4)} ${phone.slice(4)}`;
    const { data, error } = await client.auth.mfa.enroll({ factorType: 'phone', phone: spaced, friendlyName: 'mobiel' });
    expect(error).toBeNull();
    expect(data).toEqual({ id: expect.any(String), type: 'phone', friendly_name: 'mobiel', phone: spaced });

    const user = await client.auth.getUser();
    expect(user.data.user?.factors).toEqual([
      expect.objectContaining({ id: data?.id, factor_type: 'phone', status: 'unverified', friendly_name: 'mobiel', phone: phone.slice(1) }),
    ]);
    const listed = await client.auth.mfa.listFactors();
    expect(listed.data?.all.map((factor) => factor.id)).toEqual([data?.id]);
    // auth-js lists only verified factors per type.
    expect(listed.data?.phone).toEqual([]);
  });

  it('refuses a missing number and anything validatePhone does not turn into E.164 digits', async () => {
    const { client } = await freshUser();
    const missing = await client.auth.mfa.enroll({ factorType: 'phone', phone: '' });
    expect(missing.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Phone number required to enroll Phone factor',
    });
    // GoTrue strips one leading + and spaces only: dashes, brackets, a leading 0 or a lone digit stay invalid.
    for (const phone of ['+31-6-12345678', '(+31)612345678', '+0612345678', '+1', '+3161234567890123', 'not a number']) {
      const { error } = await client.auth.mfa.enroll({ factorType: 'phone', phone });
      expect(error, phone).toMatchObject({
        status: 400,
        code: 'validation_failed',
        message: 'Invalid phone number format (E.164 required)',
      });
    }
    expect((await client.auth.getUser()).data.user?.factors).toBeUndefined();
  });

  it('replaces an unverified factor with the same number, and refuses the number of a verified one', async () => {
    const { client, phone } = await freshUser();
    await enrollPhone(client, phone);
    // Same number and the same (empty) name: the old factor goes first, so the names do not clash.
    const latest = await enrollPhone(client, phone);
    const other = await enrollPhone(client, '+31698765432', 'other');
    const ids = (await client.auth.getUser()).data.user?.factors?.map((factor) => factor.id);
    expect(ids).toEqual([latest, other]);

    await backend.fetch('/inbox/v1/phone-messages', { method: 'DELETE', headers: { apikey: backend.serviceRoleKey } });
    const challenge = await client.auth.mfa.challenge({ factorId: latest });
    if (challenge.error !== null) throw challenge.error;
    const { otp } = await lastMessage(phone);
    expect((await client.auth.mfa.verify({ factorId: latest, challengeId: challenge.data.id, code: otp })).error).toBeNull();

    const again = await client.auth.mfa.enroll({ factorType: 'phone', phone, friendlyName: 'again' });
    expect(again.error).toMatchObject({
      status: 422,
      code: 'mfa_verified_factor_exists',
      message: 'A verified phone factor already exists, unenroll the existing factor to continue',
    });
  });
});

describe('phone challenges and the message inbox', () => {
  it('sends an SMS by default: the code in GoTrue’s default template, kept in the inbox', async () => {
    const { client, phone } = await freshUser();
    const factorId = await enrollPhone(client, phone);
    const before = Math.floor(Date.now() / 1000);
    const { data, error } = await client.auth.mfa.challenge({ factorId });
    expect(error).toBeNull();
    expect(data).toEqual({ id: expect.any(String), type: 'phone', expires_at: expect.any(Number) });
    expect(data?.expires_at).toBeGreaterThanOrEqual(before + 300);
    expect(data?.expires_at).toBeLessThanOrEqual(before + 301);

    const message = await lastMessage(phone);
    expect(message).toMatchObject({ to: phone, channel: 'sms', body: `Your code is ${message.otp}` });
    expect(message.otp).toMatch(/^\d{6}$/);
    expect(Number.isNaN(Date.parse(message.created_at))).toBe(false);
    // The filter compares numbers as GoTrue does: without the + (an unencoded + arrives as a space).
    const plain = await backend.fetch(`/inbox/v1/phone-messages?to=${phone}`, { headers: { apikey: backend.serviceRoleKey } });
    expect(((await plain.json()) as PhoneMessage[]).map((entry) => entry.id)).toEqual([message.id]);
    expect(((await (await phoneMessages(phone.slice(1))).json()) as PhoneMessage[]).map((entry) => entry.id)).toEqual([message.id]);
  });

  it('sends a WhatsApp message when auth-js asks for channel whatsapp, and refuses other channels', async () => {
    const { client, phone } = await freshUser();
    const factorId = await enrollPhone(client, phone);
    const other = await client.auth.mfa.challenge({ factorId, channel: 'telegram' as 'sms' });
    expect(other.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message:
        "Invalid channel, supported values are 'sms' or 'whatsapp'. 'whatsapp' is only supported if Twilio or Twilio Verify is used as the provider.",
    });
    const { data, error } = await client.auth.mfa.challenge({ factorId, channel: 'whatsapp' });
    expect(error).toBeNull();
    const message = await lastMessage(phone);
    expect(message).toMatchObject({ channel: 'whatsapp', body: `Your code is ${message.otp}` });
    const verified = await client.auth.mfa.verify({ factorId, challengeId: data?.id ?? '', code: message.otp });
    expect(verified.error).toBeNull();
  });

  it('refuses a second challenge within max_frequency with 429 over_sms_send_rate_limit, and sends nothing', async () => {
    const { client, phone } = await freshUser();
    const factorId = await enrollPhone(client, phone);
    expect((await client.auth.mfa.challenge({ factorId })).error).toBeNull();
    const second = await client.auth.mfa.challenge({ factorId });
    expect(second.error).toMatchObject({ status: 429, code: 'over_sms_send_rate_limit' });
    expect(second.error?.message).toMatch(/^For security purposes, you can only request this after [0-4] seconds\.$/);
    expect(((await (await phoneMessages(phone)).json()) as PhoneMessage[]).length).toBe(1);

    waitOutFrequency();
    expect((await client.auth.mfa.challenge({ factorId })).error).toBeNull();
    expect(((await (await phoneMessages(phone)).json()) as PhoneMessage[]).length).toBe(2);
  });

  it('keeps the inbox from anyone without the service-role key, and clears it on DELETE', async () => {
    expect((await phoneMessages(undefined, backend.anonKey)).status).toBe(403);
    expect((await backend.fetch('/inbox/v1/phone-messages')).status).toBe(401);
    expect((await backend.fetch('/inbox/v1/phone-messages', { method: 'DELETE', headers: { apikey: backend.anonKey } })).status).toBe(403);
    const { client, phone } = await freshUser();
    await client.auth.mfa.challenge({ factorId: await enrollPhone(client, phone) });
    const cleared = await backend.fetch('/inbox/v1/phone-messages', {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${backend.serviceRoleKey}` },
    });
    expect(cleared.status).toBe(204);
    expect(await (await phoneMessages()).json()).toEqual([]);
  });
});

describe('phone verification', () => {
  it('refuses a wrong code with GoTrue’s message, then raises the session to aal2 with amr mfa/phone', async () => {
    const { client, phone } = await freshUser();
    const factorId = await enrollPhone(client, phone, 'mobiel');
    const challenge = await client.auth.mfa.challenge({ factorId });
    if (challenge.error !== null) throw challenge.error;
    const { otp } = await lastMessage(phone);
    const wrongCode = otp === '000000' ? '000001' : '000000';

    const wrong = await client.auth.mfa.verify({ factorId, challengeId: challenge.data.id, code: wrongCode });
    expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed', message: 'Invalid MFA Phone code entered' });
    // Compared as sent, as GoTrue's ConstantTimeCompare does: no trimming.
    const padded = await client.auth.mfa.verify({ factorId, challengeId: challenge.data.id, code: ` ${otp}` });
    expect(padded.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });

    const { data, error } = await client.auth.mfa.verify({ factorId, challengeId: challenge.data.id, code: otp });
    expect(error).toBeNull();
    const claims = decodeJwt(data?.access_token ?? '');
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((entry) => entry.method)).toEqual(['mfa/phone', 'password']);
    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const listed = await client.auth.mfa.listFactors();
    expect(listed.data?.phone).toEqual([expect.objectContaining({ id: factorId, status: 'verified', phone: phone.slice(1) })]);

    // A challenge is good once: GoTrue answers its reuse with the IP-mismatch error.
    const reused = await client.auth.mfa.verify({ factorId, challengeId: challenge.data.id, code: otp });
    expect(reused.error).toMatchObject({ status: 422, code: 'mfa_ip_address_mismatch' });
  });

  it('refuses a code after the challenge’s five minutes', async () => {
    const { client, phone } = await freshUser();
    const factorId = await enrollPhone(client, phone);
    const challenge = await client.auth.mfa.challenge({ factorId });
    if (challenge.error !== null) throw challenge.error;
    const { otp } = await lastMessage(phone);
    waitOutFrequency(301);
    const late = await client.auth.mfa.verify({ factorId, challengeId: challenge.data.id, code: otp });
    expect(late.error).toMatchObject({
      status: 422,
      code: 'mfa_challenge_expired',
      message: `MFA challenge ${challenge.data.id} has expired, verify against another challenge or create a new challenge.`,
    });
  });

  it('kills a challenge after 3 wrong codes, as for TOTP', async () => {
    const { client, phone } = await freshUser();
    const factorId = await enrollPhone(client, phone);
    const challenge = await client.auth.mfa.challenge({ factorId });
    if (challenge.error !== null) throw challenge.error;
    const { otp } = await lastMessage(phone);
    const wrongCode = otp === '111111' ? '222222' : '111111';
    for (let i = 0; i < 3; i += 1) {
      const { error } = await client.auth.mfa.verify({ factorId, challengeId: challenge.data.id, code: wrongCode });
      expect(error).toMatchObject({ code: 'mfa_verification_failed' });
    }
    const right = await client.auth.mfa.verify({ factorId, challengeId: challenge.data.id, code: otp });
    expect(right.error).toMatchObject({ status: 422, code: 'mfa_challenge_expired' });
  });

  it('challengeAndVerify sends a challenge without a code to check, as auth-js calls it', async () => {
    const { client, phone } = await freshUser();
    const factorId = await enrollPhone(client, phone);
    // auth-js challenges and verifies at once; a phone code cannot be known before its SMS.
    const { error } = await client.auth.mfa.challengeAndVerify({ factorId, code: '123456' });
    const { otp } = await lastMessage(phone);
    if (otp === '123456') expect(error).toBeNull();
    else expect(error).toMatchObject({ status: 422, code: 'mfa_verification_failed', message: 'Invalid MFA Phone code entered' });
  });
});

describe('phone unenrolment', () => {
  it('needs aal2 for a verified phone factor, then drops the sessions that used it to aal1', async () => {
    const { client, phone } = await freshUser();
    const factorId = await enrollPhone(client, phone);
    const challenge = await client.auth.mfa.challenge({ factorId });
    if (challenge.error !== null) throw challenge.error;
    const { otp } = await lastMessage(phone);
    const verified = await client.auth.mfa.verify({ factorId, challengeId: challenge.data.id, code: otp });
    if (verified.error !== null) throw verified.error;

    // A second sign-in is aal1 and may not remove the verified factor.
    const { data: session } = await backend
      .client()
      .auth.signInWithPassword({ email: verified.data.user.email ?? '', password: 'secret-123' });
    const refused = await backend.fetch(`/auth/v1/factors/${factorId}`, {
      method: 'DELETE',
      headers: { apikey: backend.anonKey, Authorization: `Bearer ${session.session?.access_token ?? ''}`, ...v2024 },
    });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ code: 'insufficient_aal', message: 'AAL2 required to unenroll verified factor' });

    const { data, error } = await client.auth.mfa.unenroll({ factorId });
    expect(error).toBeNull();
    expect(data).toEqual({ id: factorId });
    const refreshed = await client.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session?.access_token ?? '').aal).toBe('aal1');
    expect(refreshed.data.user?.factors).toBeUndefined();
  });
});
