import { randomUUID } from 'node:crypto';
import path from 'node:path';

import type { SupabaseClient } from '@supabase/supabase-js';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signedIn, staffWithFactor, type Account } from './roles';
import { DEMO, STAFF, startTestBackend, type TestBackend } from '../../local-supabase/test/helpers';
import { hashEnrolmentToken, issueEnrolmentWithServiceRole, newEnrolmentToken } from '../../src/lib/staff/enrolment-token';

// No trust on first use (security review 2, finding 7): a staff account is staff in Postgres only
// once it linked its authenticator with an enrolment link the firm issued. The links' table is read
// by admins at aal2 only, and written only by the service role and the functions that check them.
const MIGRATIONS = path.join(import.meta.dirname, '..', 'migrations');

let backend: TestBackend;
let anon: SupabaseClient;
let client: SupabaseClient;
let staffNoFactor: SupabaseClient;
let recruitingAal1: SupabaseClient;
let recruitingAal2: SupabaseClient;
let recruitingId: string;
let adminAal2: SupabaseClient;
let adminAal1: SupabaseClient;

/** A staff account made with the service role, as the CLI does, signed in with its password. */
async function newStaffAccount(roles: string[] = ['recruiting']): Promise<{ account: Account; id: string; session: SupabaseClient }> {
  const account = { email: `new-staff-${randomUUID().slice(0, 8)}@bitwerf.nl`, password: `pw-${randomUUID()}` };
  const created = await backend
    .admin()
    .auth.admin.createUser({ ...account, email_confirm: true, app_metadata: { role: 'staff', staff_roles: roles } });
  if (created.error !== null) throw created.error;
  const { client: session, id } = await signedIn(backend, account);
  return { account, id, session };
}

/** Links and verifies a TOTP factor through the Auth API directly, as the review's reproduction does; the session is then aal2. */
async function linkFactorDirectly(session: SupabaseClient): Promise<string> {
  const enrolled = await session.auth.mfa.enroll({ factorType: 'totp', friendlyName: `phone ${randomUUID().slice(0, 4)}` });
  if (enrolled.error !== null) throw enrolled.error;
  const verified = await session.auth.mfa.challengeAndVerify({
    factorId: enrolled.data.id,
    code: await generate({ secret: enrolled.data.totp.secret }),
  });
  if (verified.error !== null) throw verified.error;
  return enrolled.data.id;
}

async function hasRole(session: SupabaseClient, role: string): Promise<boolean> {
  const { data, error } = await session.rpc('has_staff_role', { wanted: role });
  if (error !== null) throw error;
  return data === true;
}

beforeAll(async () => {
  backend = await startTestBackend({ migrationsDir: MIGRATIONS });
  anon = backend.client();
  ({ client } = await signedIn(backend, DEMO));
  ({ client: staffNoFactor } = await signedIn(backend, STAFF));
  const recruiting = await staffWithFactor(backend, ['recruiting']);
  recruitingAal2 = recruiting.aal2;
  recruitingId = recruiting.id;
  ({ client: recruitingAal1 } = await signedIn(backend, recruiting.account));
  const admin = await staffWithFactor(backend, ['admin']);
  adminAal2 = admin.aal2;
  ({ client: adminAal1 } = await signedIn(backend, admin.account));
});
afterAll(async () => {
  await backend?.close();
});

describe('a staff factor linked without an enrolment link', () => {
  it('opens nothing: the review reproduction reaches aal2 but gets no staff role', async () => {
    const { session } = await newStaffAccount(['recruiting', 'inbox', 'admin']);
    await linkFactorDirectly(session);
    const token = (await session.auth.getSession()).data.session?.access_token ?? '';
    expect(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString())).toMatchObject({ aal: 'aal2' });
    expect(await hasRole(session, 'recruiting')).toBe(false);
    expect((await session.rpc('is_staff')).data).toBe(false);
    expect((await session.rpc('my_staff_enrolment_completed')).data).toBe(false);
    expect((await session.from('contact_messages').select('id')).data).toEqual([]);
  });
});

describe('redeeming an enrolment link', () => {
  it('makes the account staff once its own verified factor redeems its own open link, exactly once', async () => {
    const { id, session } = await newStaffAccount();
    const { token } = await issueEnrolmentWithServiceRole(backend.admin(), id);
    expect((await session.rpc('staff_enrolment_open', { token_hash: hashEnrolmentToken(token) })).data).toBe(true);
    const factorId = await linkFactorDirectly(session);
    expect(await hasRole(session, 'recruiting')).toBe(false);

    const redeemed = await session.rpc('complete_staff_enrolment', { token_hash: hashEnrolmentToken(token), factor_id: factorId });
    expect(redeemed).toMatchObject({ error: null, data: true });
    expect(await hasRole(session, 'recruiting')).toBe(true);
    expect((await session.rpc('my_staff_enrolment_completed')).data).toBe(true);

    const again = await session.rpc('complete_staff_enrolment', { token_hash: hashEnrolmentToken(token), factor_id: factorId });
    expect(again.data).toBe(false);
    expect((await session.rpc('staff_enrolment_open', { token_hash: hashEnrolmentToken(token) })).data).toBe(false);
  });

  it('refuses a wrong token, another account’s link, an expired link and a factor that is not verified', async () => {
    const other = await newStaffAccount();
    const { token: othersToken } = await issueEnrolmentWithServiceRole(backend.admin(), other.id);
    const { id, session } = await newStaffAccount();
    const expiredToken = newEnrolmentToken();
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    const expired = await backend
      .admin()
      .from('staff_enrolments')
      .insert({
        user_id: id,
        token_hash: hashEnrolmentToken(expiredToken),
        created_at: twoDaysAgo.toISOString(),
        expires_at: new Date(twoDaysAgo.getTime() + 3_600_000).toISOString(),
      });
    expect(expired.error).toBeNull();
    const factorId = await linkFactorDirectly(session);

    for (const token of [newEnrolmentToken(), othersToken, expiredToken]) {
      const { data } = await session.rpc('complete_staff_enrolment', { token_hash: hashEnrolmentToken(token), factor_id: factorId });
      expect(data).toBe(false);
    }
    expect(await hasRole(session, 'recruiting')).toBe(false);

    // A factor that was started but never verified cannot redeem an open link either.
    const { token } = await issueEnrolmentWithServiceRole(backend.admin(), id);
    const unverified = await session.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'not verified' });
    if (unverified.error !== null) throw unverified.error;
    const { data } = await session.rpc('complete_staff_enrolment', {
      token_hash: hashEnrolmentToken(token),
      factor_id: unverified.data.id,
    });
    expect(data).toBe(false);
  });

  it('a link never lives longer than a day, even when the service role writes it', async () => {
    const { id } = await newStaffAccount();
    const now = Date.now();
    const { error } = await backend
      .admin()
      .from('staff_enrolments')
      .insert({
        user_id: id,
        token_hash: hashEnrolmentToken(newEnrolmentToken()),
        created_at: new Date(now).toISOString(),
        expires_at: new Date(now + 25 * 3_600_000).toISOString(),
      });
    expect(error?.code).toBe('23514');
  });

  it('removing the linked factor ends staff access; a factor linked afterwards without a new link does not bring it back', async () => {
    const staff = await staffWithFactor(backend, ['recruiting']);
    expect(await hasRole(staff.aal2, 'recruiting')).toBe(true);
    const second = await linkFactorDirectly(staff.aal2);
    const removed = await staff.aal2.auth.mfa.unenroll({ factorId: staff.factorId });
    expect(removed.error).toBeNull();
    await staff.aal2.auth.refreshSession();
    expect((await staff.aal2.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal2');
    expect(second).not.toBe(staff.factorId);
    expect(await hasRole(staff.aal2, 'recruiting')).toBe(false);
  });
});

describe('linking another app', () => {
  it('enrolled staff at aal2 add a second app that keeps working when the first is removed', async () => {
    const staff = await staffWithFactor(backend, ['recruiting']);
    const second = await linkFactorDirectly(staff.aal2);
    expect(await staff.aal2.rpc('link_additional_staff_factor', { factor_id: second })).toMatchObject({ error: null, data: true });
    expect((await staff.aal2.auth.mfa.unenroll({ factorId: staff.factorId })).error).toBeNull();
    await staff.aal2.auth.refreshSession();
    expect(await hasRole(staff.aal2, 'recruiting')).toBe(true);
  });

  it('a factor linked with the password alone cannot vouch for itself', async () => {
    const { session } = await newStaffAccount();
    const factorId = await linkFactorDirectly(session);
    expect((await session.rpc('link_additional_staff_factor', { factor_id: factorId })).error?.code).toBe('42501');
    expect(await hasRole(session, 'recruiting')).toBe(false);
    expect((await recruitingAal1.rpc('link_additional_staff_factor', { factor_id: factorId })).error?.code).toBe('42501');
  });
});

describe('staff_enrolments rows', () => {
  it('only admins at aal2 read them, and never the token hashes', async () => {
    const readers: [string, SupabaseClient, number][] = [
      ['anon', anon, 0],
      ['client', client, 0],
      ['staff without a factor', staffNoFactor, 0],
      ['recruiting at aal1', recruitingAal1, 0],
      ['recruiting at aal2', recruitingAal2, 0],
      ['admin at aal1', adminAal1, 0],
    ];
    for (const [who, session] of readers) {
      const { data } = await session.from('staff_enrolments').select('user_id');
      expect(data ?? [], who).toEqual([]);
    }
    const { data, error } = await adminAal2.from('staff_enrolments').select('user_id, used_at');
    expect(error).toBeNull();
    expect(data?.map((row) => row.user_id as string)).toContain(recruitingId);
    const hashes = await adminAal2.from('staff_enrolments').select('token_hash');
    expect(hashes.error?.code).toBe('42501');
  });

  it('nobody writes them through the API, admins included', async () => {
    for (const [who, session] of [
      ['anon', anon],
      ['client', client],
      ['recruiting at aal2', recruitingAal2],
      ['admin at aal2', adminAal2],
    ] as const) {
      const row = {
        user_id: recruitingId,
        token_hash: hashEnrolmentToken(newEnrolmentToken()),
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      };
      expect((await session.from('staff_enrolments').insert(row)).error?.code, who).toBe('42501');
      await session.from('staff_enrolments').update({ used_at: null }).eq('user_id', recruitingId);
      await session.from('staff_enrolments').delete().eq('user_id', recruitingId);
    }
    expect(await hasRole(recruitingAal2, 'recruiting')).toBe(true);
  });
});

describe('issuing links and listing staff', () => {
  it('only admins at aal2 issue a link, and the newest link replaces an unused older one', async () => {
    const { id, session } = await newStaffAccount();
    const first = newEnrolmentToken();
    const second = newEnrolmentToken();
    for (const [who, caller] of [
      ['anon', anon],
      ['client', client],
      ['recruiting at aal2', recruitingAal2],
      ['admin at aal1', adminAal1],
    ] as const) {
      const { error } = await caller.rpc('issue_staff_enrolment', { staff_id: id, token_hash: hashEnrolmentToken(first) });
      expect(error?.code, who).toMatch(/^(42501|PGRST202)$/);
    }
    expect((await adminAal2.rpc('issue_staff_enrolment', { staff_id: id, token_hash: hashEnrolmentToken(first) })).error).toBeNull();
    expect((await adminAal2.rpc('issue_staff_enrolment', { staff_id: id, token_hash: hashEnrolmentToken(second) })).error).toBeNull();
    expect((await session.rpc('staff_enrolment_open', { token_hash: hashEnrolmentToken(first) })).data).toBe(false);
    expect((await session.rpc('staff_enrolment_open', { token_hash: hashEnrolmentToken(second) })).data).toBe(true);

    const { data: clientId } = await client.auth.getUser();
    const notStaff = await adminAal2.rpc('issue_staff_enrolment', {
      staff_id: clientId.user?.id ?? '',
      token_hash: hashEnrolmentToken(first),
    });
    expect(notStaff.error?.code).toBe('22023');
  });

  it('only admins at aal2 list staff with their enrolment state', async () => {
    for (const [who, caller] of [
      ['client', client],
      ['recruiting at aal2', recruitingAal2],
      ['admin at aal1', adminAal1],
    ] as const) {
      expect((await caller.rpc('staff_accounts')).error?.code, who).toBe('42501');
    }
    const { data, error } = await adminAal2.rpc('staff_accounts');
    expect(error).toBeNull();
    const recruiting = data?.find((row: { id: string }) => row.id === recruitingId);
    expect(recruiting).toMatchObject({ staff_roles: ['recruiting'], enrolled_at: expect.any(String) });
    const seeded = data?.find((row: { email: string }) => row.email === STAFF.email);
    expect(seeded).toMatchObject({ enrolled_at: null });
  });
});
