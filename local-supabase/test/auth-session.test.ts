import { AuthApiError, AuthSessionMissingError } from '@supabase/supabase-js';
import { decodeProtectedHeader, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO, STAFF, rewriteJwt, startTestBackend, type TestBackend } from './helpers';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(async () => {
  await backend?.close();
});

async function signIn(account = DEMO) {
  const client = backend.client();
  const { data, error } = await client.auth.signInWithPassword(account);
  expect(error).toBeNull();
  if (data.session === null) throw new Error('no session');
  return { client, session: data.session };
}

describe('password sign-in', () => {
  it('returns a full session for the seeded demo account', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { session } = await signIn();
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    expect(session.expires_at).toBeGreaterThanOrEqual(before + 3600);
    expect(session.expires_at).toBeLessThan(before + 3610);
    expect(session.refresh_token).toMatch(/^[a-z0-9]{12}$/);
    expect(session.user.email).toBe(DEMO.email);
    expect(session.user.identities?.[0]?.provider).toBe('email');
    expect(session.user.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(session.user.is_anonymous).toBe(false);
  });

  it('signs an ES256 access token with the claims GoTrue sets', async () => {
    const { session } = await signIn(STAFF);
    const header = decodeProtectedHeader(session.access_token);
    expect(header.alg).toBe('ES256');
    expect(header.typ).toBe('JWT');
    const claims = decodeJwt(session.access_token);
    expect(Object.keys(claims)).toEqual([
      'iss',
      'sub',
      'aud',
      'exp',
      'iat',
      'email',
      'phone',
      'app_metadata',
      'user_metadata',
      'role',
      'aal',
      'amr',
      'session_id',
      'is_anonymous',
    ]);
    expect(claims).toMatchObject({
      iss: `${backend.url}/auth/v1`,
      aud: 'authenticated',
      role: 'authenticated',
      aal: 'aal1',
      email: STAFF.email,
      phone: '',
      is_anonymous: false,
      app_metadata: { role: 'staff' },
    });
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect(header.kid).toBeTypeOf('string');
  });

  it.each([
    ['a wrong password', { email: DEMO.email, password: 'wrong-password' }],
    ['an unknown e-mail', { email: 'nobody@bitwerf.nl', password: 'whatever-1' }],
  ])('refuses %s with invalid_credentials', async (_case, credentials) => {
    const { data, error } = await backend.client().auth.signInWithPassword(credentials);
    expect(data.session).toBeNull();
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
  });

  it('refuses an unconfirmed account with email_not_confirmed', async () => {
    await backend.admin().auth.admin.createUser({ email: 'unconfirmed@bitwerf.nl', password: 'secret-123' });
    const { error } = await backend.client().auth.signInWithPassword({ email: 'unconfirmed@bitwerf.nl', password: 'secret-123' });
    expect(error).toMatchObject({ status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' });
  });

  it('refuses a banned account with user_banned', async () => {
    await backend
      .admin()
      .auth.admin.createUser({ email: 'banned@bitwerf.nl', password: 'secret-123', email_confirm: true, ban_duration: '24h' });
    const { error } = await backend.client().auth.signInWithPassword({ email: 'banned@bitwerf.nl', password: 'secret-123' });
    expect(error).toMatchObject({ status: 400, code: 'user_banned' });
  });

  it('adds weak_password when a valid password fails the policy', async () => {
    await backend.admin().auth.admin.createUser({ email: 'weak@bitwerf.nl', password: '123', email_confirm: true });
    const { data, error } = await backend.client().auth.signInWithPassword({ email: 'weak@bitwerf.nl', password: '123' });
    expect(error).toBeNull();
    expect(data.weakPassword).toEqual({ message: 'Password should be at least 6 characters.', reasons: ['length'] });
  });

  it('rejects a request with both email and phone as validation_failed', async () => {
    const response = await backend.fetch('/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'X-Supabase-Api-Version': '2024-01-01' },
      body: JSON.stringify({ email: DEMO.email, phone: '+31600000000', password: 'x' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('answers an unknown grant type with unsupported_grant_type', async () => {
    const response = await backend.fetch('/auth/v1/token?grant_type=magic', {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'X-Supabase-Api-Version': '2024-01-01' },
      body: '{}',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: 'invalid_credentials', message: 'unsupported_grant_type' });
  });
});

describe('the user endpoint', () => {
  it('returns the signed-in user', async () => {
    const { client } = await signIn();
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.email).toBe(DEMO.email);
    expect(data.user?.last_sign_in_at).toBeTypeOf('string');
  });

  it('merges user metadata on update', async () => {
    const { client } = await signIn();
    const { data, error } = await client.auth.updateUser({ data: { locale: 'nl', theme: 'dark' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ locale: 'nl', theme: 'dark', email_verified: true });
    const removed = await client.auth.updateUser({ data: { theme: null } });
    expect(removed.data.user?.user_metadata).not.toHaveProperty('theme');
  });

  it('changes the password, signs out the other sessions and keeps this one', async () => {
    await backend.admin().auth.admin.createUser({ email: 'changer@bitwerf.nl', password: 'first-pass', email_confirm: true });
    const other = await signIn({ email: 'changer@bitwerf.nl', password: 'first-pass' });
    const current = await signIn({ email: 'changer@bitwerf.nl', password: 'first-pass' });

    const same = await current.client.auth.updateUser({ password: 'first-pass' });
    expect(same.error).toMatchObject({
      status: 422,
      code: 'same_password',
      message: 'New password should be different from the old password.',
    });
    const weak = await current.client.auth.updateUser({ password: 'abc' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password', name: 'AuthWeakPasswordError', reasons: ['length'] });
    const long = await current.client.auth.updateUser({ password: 'x'.repeat(73) });
    expect(long.error).toMatchObject({ status: 400, code: 'validation_failed' });

    const changed = await current.client.auth.updateUser({ password: 'second-pass' });
    expect(changed.error).toBeNull();
    expect((await current.client.auth.getUser()).error).toBeNull();
    expect((await other.client.auth.getUser()).error).toBeInstanceOf(AuthSessionMissingError);
    const old = await backend.client().auth.signInWithPassword({ email: 'changer@bitwerf.nl', password: 'first-pass' });
    expect(old.error?.code).toBe('invalid_credentials');
    expect((await backend.client().auth.signInWithPassword({ email: 'changer@bitwerf.nl', password: 'second-pass' })).error).toBeNull();
  });

  it('asks for a Bearer token and rejects forged ones', async () => {
    const headers = { apikey: backend.anonKey, 'X-Supabase-Api-Version': '2024-01-01' };
    const none = await backend.fetch('/auth/v1/user', { headers });
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ code: 'no_authorization', message: 'This endpoint requires a valid Bearer token' });

    const { session } = await signIn();
    for (const forged of [
      rewriteJwt(session.access_token, { payload: { sub: '3c5f0c0e-8a43-4a7e-9b7d-2d6a1f0d0002' } }),
      rewriteJwt(session.access_token, { header: { alg: 'none' }, signature: '' }),
      rewriteJwt(session.access_token, { header: { alg: 'HS256' } }),
    ]) {
      const response = await backend.fetch('/auth/v1/user', { headers: { ...headers, Authorization: `Bearer ${forged}` } });
      expect(response.status).toBe(403);
      expect(response.headers.get('x-sb-error-code')).toBe('bad_jwt');
      expect(await response.json()).toMatchObject({
        code: 'bad_jwt',
        message: expect.stringMatching(/^invalid JWT: unable to parse or verify signature/),
      });
    }
  });

  it('answers the anon key as a user token with bad_jwt (no sub)', async () => {
    const { error } = await backend.client().auth.getUser(backend.anonKey);
    expect(error).toMatchObject({ status: 403, code: 'bad_jwt' });
  });
});

describe('refresh tokens', () => {
  it('rotates on every refresh and keeps aal and amr', async () => {
    const { client, session } = await signIn();
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(session.refresh_token);
    expect(data.session?.refresh_token).toMatch(/^[a-z0-9]{12}$/);
    const before = decodeJwt(session.access_token);
    const after = decodeJwt(data.session?.access_token ?? '');
    expect(after.session_id).toBe(before.session_id);
    expect(after.amr).toEqual(before.amr);
    expect(after.aal).toBe('aal1');
  });

  it('hands the live token back when the parent of the live token is replayed', async () => {
    const { session } = await signIn();
    const first = await backend.client().auth.refreshSession({ refresh_token: session.refresh_token });
    const retry = await backend.client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(retry.error).toBeNull();
    expect(retry.data.session?.refresh_token).toBe(first.data.session?.refresh_token);
  });

  it('revokes the whole family when an older token is reused', async () => {
    const { session } = await signIn();
    const second = await backend.client().auth.refreshSession({ refresh_token: session.refresh_token });
    const third = await backend.client().auth.refreshSession({ refresh_token: second.data.session?.refresh_token ?? '' });
    expect(third.error).toBeNull();
    const reuse = await backend.client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(reuse.error).toMatchObject({ status: 400, code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' });
    const live = await backend.client().auth.refreshSession({ refresh_token: third.data.session?.refresh_token ?? '' });
    expect(live.error?.code).toBe('refresh_token_already_used');
  });

  it('reports unknown tokens as refresh_token_not_found', async () => {
    const { error } = await backend.client().auth.refreshSession({ refresh_token: 'abcdefghijkl' });
    expect(error).toMatchObject({
      status: 400,
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    });
  });
});

describe('logout', () => {
  it('local scope ends only this session, and its refresh token with it', async () => {
    const a = await signIn();
    const b = await signIn();
    expect((await a.client.auth.signOut({ scope: 'local' })).error).toBeNull();
    const reuse = await backend.client().auth.refreshSession({ refresh_token: a.session.refresh_token });
    expect(reuse.error?.code).toBe('refresh_token_not_found');
    const stale = await backend.client().auth.getUser(a.session.access_token);
    expect(stale.error).toBeInstanceOf(AuthSessionMissingError);
    expect((await b.client.auth.getUser()).error).toBeNull();
  });

  it('others scope keeps this session only; global ends all', async () => {
    await backend.admin().auth.admin.createUser({ email: 'logout@bitwerf.nl', password: 'secret-123', email_confirm: true });
    const account = { email: 'logout@bitwerf.nl', password: 'secret-123' };
    const a = await signIn(account);
    const b = await signIn(account);
    expect((await a.client.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await backend.client().auth.getUser(a.session.access_token)).error).toBeNull();
    expect((await backend.client().auth.getUser(b.session.access_token)).error).toBeInstanceOf(AuthSessionMissingError);
    const c = await signIn(account);
    expect((await a.client.auth.signOut()).error).toBeNull();
    expect((await backend.client().auth.getUser(c.session.access_token)).error).toBeInstanceOf(AuthSessionMissingError);
  });

  it('answers 204 and rejects an unknown scope', async () => {
    const { session } = await signIn();
    const headers = { apikey: backend.anonKey, Authorization: `Bearer ${session.access_token}`, 'X-Supabase-Api-Version': '2024-01-01' };
    const bad = await backend.fetch('/auth/v1/logout?scope=everything', { method: 'POST', headers });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ code: 'validation_failed', message: 'Unsupported logout scope "everything"' });
    const ok = await backend.fetch('/auth/v1/logout?scope=local', { method: 'POST', headers });
    expect(ok.status).toBe(204);
    expect(await ok.text()).toBe('');
  });
});

describe('getClaims', () => {
  it('verifies user tokens locally against the published JWKS', async () => {
    const { client, session } = await signIn();
    const { data, error } = await client.auth.getClaims();
    expect(error).toBeNull();
    expect(data?.claims.sub).toBe(session.user.id);
    expect(data?.header.kid).toBe(decodeProtectedHeader(session.access_token).kid);
  });

  it('reports a tampered token as "Invalid JWT signature"', async () => {
    const { session } = await signIn();
    const tampered = rewriteJwt(session.access_token, { payload: { role: 'service_role' } });
    const { error } = await backend.client().auth.getClaims(tampered);
    expect(error).toMatchObject({ name: 'AuthInvalidJwtError', message: 'Invalid JWT signature' });
  });

  it('reports an unsupported alg as "Invalid alg claim"', async () => {
    const { session } = await signIn();
    const es512 = rewriteJwt(session.access_token, { header: { alg: 'ES512' } });
    await expect(backend.client().auth.getClaims(es512)).rejects.toThrow('Invalid alg claim');
  });

  it('publishes the signing key with a one-off cache lifetime', async () => {
    const response = await backend.fetch('/auth/v1/.well-known/jwks.json');
    expect(response.headers.get('cache-control')).toBe('public, max-age=600');
    const { keys } = (await response.json()) as { keys: Record<string, unknown>[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', key_ops: ['verify'] });
    expect(keys[0]).not.toHaveProperty('d');
  });
});

describe('settings', () => {
  it('advertises e-mail sign-in with sign-up disabled', async () => {
    const response = await backend.fetch('/auth/v1/settings', { headers: { apikey: backend.anonKey } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      disable_signup: true,
      external: { email: true, phone: false },
      mailer_autoconfirm: false,
    });
  });

  it('refuses public sign-up', async () => {
    const { error } = await backend.client().auth.signUp({ email: 'new@bitwerf.nl', password: 'secret-123' });
    expect(error).toMatchObject({ status: 422, code: 'signup_disabled' });
  });

  // GoTrue checks the anonymous provider before sign-ups being off (api.go, the /signup route).
  it('refuses an anonymous sign-in as the anonymous provider being off, not as sign-up', async () => {
    const { data, error } = await backend.client().auth.signInAnonymously();
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled', message: 'Anonymous sign-ins are disabled' });
  });

  it('answers a sign-up body that is not JSON with bad_json, as GoTrue reads it first', async () => {
    const response = await backend.fetch('/auth/v1/signup', {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'Content-Type': 'application/json' },
      body: '{',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error_code: 'bad_json' });
  });
});
