import { createClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { DEMO, startTestBackend, type TestBackend } from './helpers';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(async () => {
  await backend?.close();
});

interface InboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  created_at: string;
}

async function inbox(to?: string): Promise<InboxMessage[]> {
  const response = await backend.fetch(`/inbox/v1/messages${to === undefined ? '' : `?to=${encodeURIComponent(to)}`}`, {
    headers: { apikey: backend.serviceRoleKey },
  });
  return (await response.json()) as InboxMessage[];
}

describe('admin users', () => {
  it('creates a confirmed staff user with merged app_metadata', async () => {
    const { data, error } = await backend.admin().auth.admin.createUser({
      email: 'New.Staff@Bitwerf.nl',
      password: 'x',
      email_confirm: true,
      app_metadata: { role: 'staff' },
      user_metadata: { name: 'New' },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email: 'new.staff@bitwerf.nl',
      aud: 'authenticated',
      role: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'], role: 'staff' },
      user_metadata: { name: 'New', email_verified: true },
    });
    expect(data.user?.email_confirmed_at).toBeTypeOf('string');
    expect(data.user?.identities).toHaveLength(1);
  });

  it('refuses a duplicate e-mail with email_exists and a bad one with validation_failed', async () => {
    const duplicate = await backend.admin().auth.admin.createUser({ email: DEMO.email, password: 'whatever' });
    expect(duplicate.error).toMatchObject({
      status: 422,
      code: 'email_exists',
      message: 'A user with this email address has already been registered',
    });
    const bad = await backend.admin().auth.admin.createUser({ email: 'not an email', password: 'whatever' });
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('lists users with pagination that auth-js can read', async () => {
    const before = await backend.admin().auth.admin.listUsers({ page: 1, perPage: 1 });
    const existing = 'total' in before.data ? before.data.total : 0;
    for (let i = 0; i < 3; i += 1) {
      await backend.admin().auth.admin.createUser({ email: `page${i}@bitwerf.nl`, password: 'secret-123' });
    }
    const first = await backend.admin().auth.admin.listUsers({ page: 1, perPage: 2 });
    expect(first.error).toBeNull();
    expect(first.data.users).toHaveLength(2);
    expect(first.data).toMatchObject({ nextPage: 2, aud: 'authenticated' });
    expect('total' in first.data ? first.data.total : 0).toBe(existing + 3);
    const raw = await backend.fetch('/auth/v1/admin/users?page=1&per_page=2', {
      headers: { apikey: backend.serviceRoleKey, Authorization: `Bearer ${backend.serviceRoleKey}` },
    });
    expect(raw.headers.get('link')).toMatch(
      /^<\/admin\/users\?page=2&per_page=2>; rel="next", <\/admin\/users\?page=\d+&per_page=2>; rel="last"$/,
    );
    const bad = await backend.fetch('/auth/v1/admin/users?page=-1', {
      headers: {
        apikey: backend.serviceRoleKey,
        Authorization: `Bearer ${backend.serviceRoleKey}`,
        'X-Supabase-Api-Version': '2024-01-01',
      },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'validation_failed', message: expect.stringMatching(/^Bad Pagination Parameters/) });
  });

  it('gets, updates and deletes a user by id', async () => {
    const admin = backend.admin().auth.admin;
    const { data: created } = await admin.createUser({ email: 'cycle@bitwerf.nl', password: 'secret-123' });
    const id = created.user?.id ?? '';
    expect((await admin.getUserById(id)).data.user?.email).toBe('cycle@bitwerf.nl');

    const updated = await admin.updateUserById(id, { email_confirm: true, app_metadata: { role: 'staff' }, password: 'other-secret' });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.app_metadata).toMatchObject({ role: 'staff', provider: 'email' });
    const signIn = await backend.client().auth.signInWithPassword({ email: 'cycle@bitwerf.nl', password: 'other-secret' });
    expect(signIn.error).toBeNull();

    expect((await admin.deleteUser(id)).error).toBeNull();
    const gone = await admin.getUserById(id);
    expect(gone.error).toMatchObject({ status: 404, code: 'user_not_found' });
    // Deleting the user ends their sessions too.
    const stale = await backend.client().auth.getUser(signIn.data.session?.access_token);
    expect(stale.error).toMatchObject({ status: 403, code: 'user_not_found' });
  });

  it('refuses non-admin callers with not_admin', async () => {
    const { error } = await backend.client().auth.admin.listUsers();
    expect(error).toMatchObject({ status: 403, code: 'not_admin', message: 'User not allowed' });
    const client = backend.client();
    const { data } = await client.auth.signInWithPassword(DEMO);
    const asUser = await backend.fetch('/auth/v1/admin/users', {
      headers: {
        apikey: backend.anonKey,
        Authorization: `Bearer ${data.session?.access_token ?? ''}`,
        'X-Supabase-Api-Version': '2024-01-01',
      },
    });
    expect(asUser.status).toBe(403);
    expect(await asUser.json()).toEqual({ code: 'not_admin', message: 'User not allowed' });
  });
});

describe('password recovery', () => {
  beforeEach(async () => {
    expect((await backend.fetch('/inbox/v1/messages', { method: 'DELETE', headers: { apikey: backend.serviceRoleKey } })).status).toBe(204);
  });

  it('mails a token_hash link to the site and verifyOtp turns it into a session', async () => {
    const { data: created } = await backend
      .admin()
      .auth.admin.createUser({ email: 'forgot@bitwerf.nl', password: 'old-secret', email_confirm: true });
    const { error } = await backend.client().auth.resetPasswordForEmail('forgot@bitwerf.nl');
    expect(error).toBeNull();

    const [message] = await inbox('forgot@bitwerf.nl');
    // No redirect_to: the site URL, so the Dutch template.
    expect(message?.subject).toBe('Stel een nieuw wachtwoord in');
    const link = new URL(message?.links[0] ?? '');
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/auth/confirm');
    expect(link.searchParams.get('type')).toBe('recovery');
    const tokenHash = link.searchParams.get('token_hash') ?? '';
    expect(tokenHash).toMatch(/^[0-9a-f]{56}$/);
    expect(message?.html).toContain(tokenHash);

    const client = backend.client();
    const verified = await client.auth.verifyOtp({ type: 'recovery', token_hash: tokenHash });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.id).toBe(created.user?.id);
    expect((decodeJwt(verified.data.session?.access_token ?? '').amr as { method: string }[])[0]?.method).toBe('otp');
    expect((await client.auth.updateUser({ password: 'new-secret' })).error).toBeNull();
    expect((await backend.client().auth.signInWithPassword({ email: 'forgot@bitwerf.nl', password: 'new-secret' })).error).toBeNull();

    const again = await backend.client().auth.verifyOtp({ type: 'recovery', token_hash: tokenHash });
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
  });

  it('writes the e-mail in the locale the site asked from, with the template’s link equal to links[0]', async () => {
    await backend.admin().auth.admin.createUser({ email: 'locale@bitwerf.nl', password: 'old-secret', email_confirm: true });
    const english = 'http://localhost:3000/en/auth/confirm?next=%2Fen%2Freset-password';
    await backend.client().auth.resetPasswordForEmail('locale@bitwerf.nl', { redirectTo: english });
    const [en] = await inbox('locale@bitwerf.nl');
    expect(en?.subject).toBe('Reset your password');
    expect(en?.html).toContain('Choose a new password');
    expect(en?.links[0]).toMatch(
      /^http:\/\/localhost:3000\/en\/auth\/confirm\?token_hash=[0-9a-f]{56}&type=recovery&next=%2Fen%2Freset-password$/,
    );
    expect(en?.html).toContain(`href="${(en?.links[0] ?? '').replaceAll('&', '&amp;')}"`);

    await backend.fetch('/inbox/v1/messages', { method: 'DELETE', headers: { apikey: backend.serviceRoleKey } });
    await backend.admin().auth.admin.createUser({ email: 'lokaal@bitwerf.nl', password: 'old-secret', email_confirm: true });
    await backend
      .client()
      .auth.resetPasswordForEmail('lokaal@bitwerf.nl', { redirectTo: 'http://localhost:3000/auth/confirm?next=%2Freset-password' });
    const [nl] = await inbox('lokaal@bitwerf.nl');
    expect(nl?.subject).toBe('Stel een nieuw wachtwoord in');
    expect(nl?.links[0]).toMatch(/^http:\/\/localhost:3000\/auth\/confirm\?token_hash=[0-9a-f]{56}&type=recovery&next=%2Freset-password$/);
    expect(nl?.html).toContain(`href="${(nl?.links[0] ?? '').replaceAll('&', '&amp;')}"`);
  });

  it('takes only the language from redirect_to: the link is always the site’s own confirm route (review 2, finding 5)', async () => {
    await backend.client().auth.resetPasswordForEmail(DEMO.email, { redirectTo: 'http://localhost:3000/en/account' });
    const [localized] = await inbox(DEMO.email);
    expect(localized?.links[0]).toMatch(
      /^http:\/\/localhost:3000\/en\/auth\/confirm\?token_hash=[0-9a-f]+&type=recovery&next=%2Fen%2Freset-password$/,
    );

    await backend.admin().auth.admin.createUser({ email: 'phish@bitwerf.nl', password: 'secret-123', email_confirm: true });
    await backend.client().auth.resetPasswordForEmail('phish@bitwerf.nl', { redirectTo: 'https://evil.example/steal' });
    const [foreign] = await inbox('phish@bitwerf.nl');
    expect(foreign?.links[0]).toMatch(/^http:\/\/localhost:3000\/auth\/confirm\?/);

    // A redirect under the site that carries someone else's token_hash stays out of the link.
    await backend.admin().auth.admin.createUser({ email: 'planted@bitwerf.nl', password: 'secret-123', email_confirm: true });
    const planted = 'http://localhost:3000/en/auth/confirm?token_hash=attacker&type=recovery&next=%2Fen%2Faccount&x=';
    await backend.client().auth.resetPasswordForEmail('planted@bitwerf.nl', { redirectTo: planted });
    const [victim] = await inbox('planted@bitwerf.nl');
    expect(new URL(victim?.links[0] ?? 'http://x').searchParams.getAll('token_hash')).toEqual([expect.stringMatching(/^[0-9a-f]{56}$/)]);
    expect(victim?.html).not.toContain('attacker');
  });

  it('answers unknown addresses like known ones, and throttles repeats per user', async () => {
    expect((await backend.client().auth.resetPasswordForEmail('nobody@bitwerf.nl')).error).toBeNull();
    expect(await inbox('nobody@bitwerf.nl')).toEqual([]);
    await backend.admin().auth.admin.createUser({ email: 'twice@bitwerf.nl', password: 'secret-123', email_confirm: true });
    expect((await backend.client().auth.resetPasswordForEmail('twice@bitwerf.nl')).error).toBeNull();
    const repeat = await backend.client().auth.resetPasswordForEmail('twice@bitwerf.nl');
    expect(repeat.error).toMatchObject({
      status: 429,
      code: 'over_email_send_rate_limit',
      message: expect.stringMatching(/^For security purposes, you can only request this after \d+ seconds\.$/),
    });
  });

  it('validates recover and verify requests', async () => {
    const { error } = await backend.client().auth.resetPasswordForEmail('');
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Password recovery requires an email' });
    const response = await backend.fetch('/auth/v1/verify', {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'X-Supabase-Api-Version': '2024-01-01' },
      body: JSON.stringify({ type: 'recovery' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: 'validation_failed', message: 'Verify requires either a token or a token hash' });
  });

  it('supports the PKCE flow: the e-mail link yields a code that exchangeCodeForSession redeems', async () => {
    await backend.admin().auth.admin.createUser({ email: 'pkce@bitwerf.nl', password: 'secret-123', email_confirm: true });
    const storage = new Map<string, string>();
    const client = createClient(backend.url, backend.anonKey, {
      auth: {
        flowType: 'pkce',
        autoRefreshToken: false,
        storage: {
          getItem: (key) => storage.get(key) ?? null,
          setItem: (key, value) => void storage.set(key, value),
          removeItem: (key) => void storage.delete(key),
        },
      },
    });
    await client.auth.resetPasswordForEmail('pkce@bitwerf.nl', { redirectTo: 'http://localhost:3000/auth/callback' });
    const [message] = await inbox('pkce@bitwerf.nl');
    const verifyLink = message?.links[1] ?? '';
    const redirect = await fetch(verifyLink, { redirect: 'manual' });
    expect(redirect.status).toBe(303);
    const location = new URL(redirect.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:3000/auth/callback');
    const code = location.searchParams.get('code') ?? '';
    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe('pkce@bitwerf.nl');

    const replay = await backend.fetch('/auth/v1/token?grant_type=pkce', {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'X-Supabase-Api-Version': '2024-01-01' },
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(43) }),
    });
    expect(replay.status).toBe(404);
    expect(await replay.json()).toMatchObject({ code: 'flow_state_not_found' });
  });
});

describe('e-mail change', () => {
  it('changes the address once both the current and the new address confirm', async () => {
    await backend.admin().auth.admin.createUser({ email: 'old@bitwerf.nl', password: 'secret-123', email_confirm: true });
    const client = backend.client();
    await client.auth.signInWithPassword({ email: 'old@bitwerf.nl', password: 'secret-123' });
    const taken = await client.auth.updateUser({ email: DEMO.email });
    expect(taken.error).toMatchObject({ status: 422, code: 'email_exists' });

    const requested = await client.auth.updateUser({ email: 'new@bitwerf.nl' });
    expect(requested.error).toBeNull();
    expect(requested.data.user).toMatchObject({ email: 'old@bitwerf.nl', new_email: 'new@bitwerf.nl' });
    const hashOf = async (to: string) => new URL((await inbox(to))[0]?.links[0] ?? '').searchParams.get('token_hash') ?? '';
    const toNew = await hashOf('new@bitwerf.nl');
    const toOld = await hashOf('old@bitwerf.nl');

    const half = await backend.client().auth.verifyOtp({ type: 'email_change', token_hash: toNew });
    expect(half.error).toBeNull();
    expect(half.data.session).toBeNull();
    const done = await backend.client().auth.verifyOtp({ type: 'email_change', token_hash: toOld });
    expect(done.error).toBeNull();
    expect(done.data.user?.email).toBe('new@bitwerf.nl');
    expect((await backend.client().auth.signInWithPassword({ email: 'new@bitwerf.nl', password: 'secret-123' })).error).toBeNull();
    const reused = await backend.client().auth.verifyOtp({ type: 'email_change', token_hash: toOld });
    expect(reused.error?.code).toBe('otp_expired');
  });
});
