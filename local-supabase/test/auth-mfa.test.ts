import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestBackend, type TestBackend } from './helpers';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(async () => {
  await backend?.close();
});

let counter = 0;
async function freshUser(): Promise<{ client: SupabaseClient; email: string; password: string }> {
  counter += 1;
  const email = `mfa${counter}@bitwerf.nl`;
  const password = 'secret-123';
  const created = await backend.admin().auth.admin.createUser({ email, password, email_confirm: true });
  expect(created.error).toBeNull();
  const client = backend.client();
  expect((await client.auth.signInWithPassword({ email, password })).error).toBeNull();
  return { client, email, password };
}

async function enrollAndVerify(client: SupabaseClient) {
  const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone app' });
  if (enrolled.error !== null) throw enrolled.error;
  const challenge = await client.auth.mfa.challenge({ factorId: enrolled.data.id });
  if (challenge.error !== null) throw challenge.error;
  const code = await generate({ secret: enrolled.data.totp.secret });
  const verified = await client.auth.mfa.verify({ factorId: enrolled.data.id, challengeId: challenge.data.id, code });
  return { enrolled: enrolled.data, challenge: challenge.data, verified };
}

describe('TOTP enrolment', () => {
  it('returns a secret, a GoTrue-style key URI and an SVG QR code', async () => {
    const { client, email } = await freshUser();
    const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp' });
    expect(error).toBeNull();
    expect(data?.type).toBe('totp');
    expect(data?.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data?.totp.uri).toBe(
      `otpauth://totp/localhost%3A3000:${encodeURIComponent(email)}?algorithm=SHA1&digits=6&issuer=localhost%3A3000&period=30&secret=${data?.totp.secret}`,
    );
    expect(data?.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
  });

  it('refuses a second factor with the same (even empty) friendly name', async () => {
    const { client } = await freshUser();
    expect((await client.auth.mfa.enroll({ factorType: 'totp' })).error).toBeNull();
    const second = await client.auth.mfa.enroll({ factorType: 'totp' });
    expect(second.error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' });
  });

  it('refuses phone factors while [auth.mfa.phone] has them off', async () => {
    // The repository has them on (supabase/config.toml); a project without an SMS provider has them off.
    const off = await startTestBackend({ mfaPhone: { enrollEnabled: false, verifyEnabled: false } });
    try {
      const email = 'phone-off@bitwerf.nl';
      await off.admin().auth.admin.createUser({ email, password: 'secret-123', email_confirm: true });
      const client = off.client();
      expect((await client.auth.signInWithPassword({ email, password: 'secret-123' })).error).toBeNull();
      const { error } = await client.auth.mfa.enroll({ factorType: 'phone', phone: '+31600000000' });
      expect(error).toMatchObject({ status: 422, code: 'mfa_phone_enroll_not_enabled' });
    } finally {
      await off.close();
    }
  });
});

describe('TOTP verification', () => {
  it('raises the session from aal1 to aal2 with a new refresh token', async () => {
    const { client } = await freshUser();
    const before = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(before.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
    const oldRefresh = (await client.auth.getSession()).data.session?.refresh_token;

    const { verified } = await enrollAndVerify(client);
    expect(verified.error).toBeNull();
    expect(verified.data?.refresh_token).not.toBe(oldRefresh);
    const claims = decodeJwt(verified.data?.access_token ?? '');
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((entry) => entry.method)).toEqual(['totp', 'password']);

    const after = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(after.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect(after.data?.currentAuthenticationMethods.map((entry) => (typeof entry === 'string' ? entry : entry.method))).toEqual([
      'totp',
      'password',
    ]);

    const factors = await client.auth.mfa.listFactors();
    expect(factors.data?.totp).toHaveLength(1);
    expect(factors.data?.totp[0]?.status).toBe('verified');

    // A refresh keeps aal2.
    const refreshed = await client.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session?.access_token ?? '').aal).toBe('aal2');
  });

  it('asks a new aal1 sign-in of an MFA user to step up', async () => {
    const { client, email, password } = await freshUser();
    await enrollAndVerify(client);
    const second = backend.client();
    await second.auth.signInWithPassword({ email, password });
    const level = await second.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const enroll = await second.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'another' });
    expect(enroll.error).toMatchObject({ status: 403, code: 'insufficient_aal' });
    const change = await second.auth.updateUser({ password: 'another-secret' });
    expect(change.error).toMatchObject({ status: 401, code: 'insufficient_aal' });
  });

  it('rejects a wrong code, a reused challenge, an unknown challenge and an empty code', async () => {
    const { client } = await freshUser();
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' });
    const factorId = enrolled.data?.id ?? '';
    const challenge = await client.auth.mfa.challenge({ factorId });
    const challengeId = challenge.data?.id ?? '';
    expect(challenge.data?.expires_at).toBeGreaterThan(Date.now() / 1000 + 290);

    const wrong = await client.auth.mfa.verify({
      factorId,
      challengeId,
      code: '000000' === (await generate({ secret: enrolled.data?.totp.secret ?? '' })) ? '111111' : '000000',
    });
    expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' });

    const unknown = await client.auth.mfa.verify({ factorId, challengeId: crypto.randomUUID(), code: '123456' });
    expect(unknown.error).toMatchObject({ status: 422, code: 'mfa_factor_not_found' });

    const empty = await client.auth.mfa.verify({ factorId, challengeId, code: '' });
    expect(empty.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Code needs to be non-empty' });

    const code = await generate({ secret: enrolled.data?.totp.secret ?? '' });
    expect((await client.auth.mfa.verify({ factorId, challengeId, code })).error).toBeNull();
    const reused = await client.auth.mfa.verify({ factorId, challengeId, code });
    expect(reused.error).toMatchObject({ status: 422, code: 'mfa_ip_address_mismatch' });
  });

  it('accepts the previous time step (skew 1) but not one further back', async () => {
    const { client } = await freshUser();
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' });
    const secret = enrolled.data?.totp.secret ?? '';
    const factorId = enrolled.data?.id ?? '';
    const now = Math.floor(Date.now() / 1000);
    const tooOld = await generate({ secret, epoch: now - 90 });
    const previous = await generate({ secret, epoch: now - 30 });
    const first = await client.auth.mfa.challenge({ factorId });
    const stale = await client.auth.mfa.verify({ factorId, challengeId: first.data?.id ?? '', code: tooOld });
    expect(stale.error?.code).toBe('mfa_verification_failed');
    const ok = await client.auth.mfa.verify({ factorId, challengeId: first.data?.id ?? '', code: previous });
    expect(ok.error).toBeNull();
  });

  it('challenges only factors of the caller', async () => {
    const { client } = await freshUser();
    const { error } = await client.auth.mfa.challenge({ factorId: crypto.randomUUID() });
    expect(error).toMatchObject({ status: 404, code: 'mfa_factor_not_found', message: 'Factor not found' });
  });
});

describe('unenrolment', () => {
  it('needs aal2 for a verified factor and drops sessions to aal1', async () => {
    const { client, email, password } = await freshUser();
    const { enrolled } = await enrollAndVerify(client);
    const weak = backend.client();
    await weak.auth.signInWithPassword({ email, password });
    const refused = await weak.auth.mfa.unenroll({ factorId: enrolled.id });
    expect(refused.error).toMatchObject({ status: 422, code: 'insufficient_aal' });

    const done = await client.auth.mfa.unenroll({ factorId: enrolled.id });
    expect(done.error).toBeNull();
    expect(done.data).toEqual({ id: enrolled.id });
    const refreshed = await client.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session?.access_token ?? '').aal).toBe('aal1');
    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
  });

  it('reports an unknown factor', async () => {
    const { client } = await freshUser();
    const { error } = await client.auth.mfa.unenroll({ factorId: crypto.randomUUID() });
    expect(error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
  });
});
