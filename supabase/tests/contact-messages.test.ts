import path from 'node:path';

import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signedIn, staffWithFactor } from './roles';
import { JWT_SECRET } from '../../local-supabase/src/keys';
import { DEMO, STAFF, startTestBackend, type TestBackend } from '../../local-supabase/test/helpers';

// The site's real migrations, applied as `supabase db reset` would, then exercised per role:
// anon, a client, staff without a factor (the seeded account), and staff with a verified
// factor signed in with the password alone (aal1) and with the code too (aal2).
const MIGRATIONS = path.join(import.meta.dirname, '..', 'migrations');

let backend: TestBackend;
let anon: SupabaseClient;
let client: SupabaseClient;
/** The seeded staff account: no factor, so its sessions never get past aal1. */
let staffNoFactor: SupabaseClient;
/** One staff member with a verified factor, in two sessions: password only, and password + code. */
let staffAal1: SupabaseClient;
let staffAal2: SupabaseClient;
let staffAal2Id: string;
let recruitingStaff: SupabaseClient;

const message = (overrides: Record<string, unknown> = {}) => ({
  name: 'Sanne de Vries',
  email: 'sanne@example.nl',
  subject: 'project',
  message: 'Wij zoeken een partner voor een nieuw klantportaal.',
  locale: 'nl',
  ...overrides,
});

/** A client that sends exactly this access token, as a script replaying it against REST would. */
function withToken(token: string): SupabaseClient {
  return createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}

async function accessToken(c: SupabaseClient): Promise<string> {
  const token = (await c.auth.getSession()).data.session?.access_token;
  if (token === undefined) throw new Error('no session');
  return token;
}

/** Rows as the service role sees them, to check what a refused call left behind. */
async function stored(email: string) {
  const { data, error } = await backend
    .admin()
    .from('contact_messages')
    .select('id, handled_at, handled_by, created_at')
    .eq('email', email);
  if (error !== null) throw error;
  return data as { id: string; handled_at: string | null; handled_by: string | null; created_at: string }[];
}

async function seed(email: string): Promise<string> {
  const { data, error } = await backend.admin().from('contact_messages').insert(message({ email })).select('id').single();
  if (error !== null) throw error;
  return (data as { id: string }).id;
}

beforeAll(async () => {
  backend = await startTestBackend({ migrationsDir: MIGRATIONS });
  anon = backend.client();
  ({ client } = await signedIn(backend, DEMO));
  ({ client: staffNoFactor } = await signedIn(backend, STAFF));
  // The inbox role alone is what messages need.
  const staff = await staffWithFactor(backend, ['inbox']);
  ({ aal2: recruitingStaff } = await staffWithFactor(backend, ['recruiting', 'content', 'admin']));
  staffAal2 = staff.aal2;
  staffAal2Id = staff.id;
  // Signed in after the factor was verified, so the verification does not end this session.
  ({ client: staffAal1 } = await signedIn(backend, staff.account));
  await seed('eerste@example.nl');
  await seed('tweede@example.nl');
});
afterAll(async () => {
  await backend?.close();
});

describe('reading contact_messages', () => {
  it('staff at aal2 read every message', async () => {
    const { data, error } = await staffAal2.from('contact_messages').select('email');
    expect(error).toBeNull();
    expect(data?.map((row) => row.email as string)).toEqual(expect.arrayContaining(['eerste@example.nl', 'tweede@example.nl']));
  });

  it('the same staff member with the password alone (aal1) reads nothing', async () => {
    const token = await accessToken(staffAal1);
    expect(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString())).toMatchObject({
      aal: 'aal1',
      app_metadata: { role: 'staff' },
    });
    const { data, error } = await staffAal1.from('contact_messages').select('id');
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it('staff at aal2 without the inbox role read nothing', async () => {
    const { data, error } = await recruitingStaff.from('contact_messages').select('id');
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it('a staff account that has no factor yet reads nothing', async () => {
    const { data, error } = await staffNoFactor.from('contact_messages').select('id');
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it('a client reads nothing and anon may not even ask', async () => {
    const { data, error } = await client.from('contact_messages').select('id');
    expect(error).toBeNull();
    expect(data).toEqual([]);
    expect((await anon.from('contact_messages').select('id')).error?.code).toBe('42501');
  });

  it('is_staff() is true only for the staff session at aal2', async () => {
    expect((await staffAal2.rpc('is_staff')).data).toBe(true);
    expect((await staffAal1.rpc('is_staff')).data).toBe(false);
    expect((await staffNoFactor.rpc('is_staff')).data).toBe(false);
    expect((await client.rpc('is_staff')).data).toBe(false);
    expect((await anon.rpc('is_staff')).error?.code).toBe('42501');
  });
});

describe('writing contact_messages', () => {
  it('only the server (service role) stores messages: anon and signed-in users are refused', async () => {
    expect((await anon.from('contact_messages').insert(message({ email: 'anon@example.nl' }))).error?.code).toBe('42501');
    expect((await client.from('contact_messages').insert(message({ email: 'klant@example.nl' }))).error?.code).toBe('42501');
    expect((await staffAal2.from('contact_messages').insert(message({ email: 'staf@example.nl' }))).error?.code).toBe('42501');
    // The review's bulk insert straight to REST, with the public key.
    const bulk = await backend.fetch('/rest/v1/contact_messages', {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify(Array.from({ length: 20 }, () => message({ email: 'bulk@example.nl' }))),
    });
    expect(bulk.status).toBe(401);
    expect([...(await stored('anon@example.nl')), ...(await stored('klant@example.nl')), ...(await stored('bulk@example.nl'))]).toEqual([]);

    expect(
      (
        await backend
          .admin()
          .from('contact_messages')
          .insert(message({ email: 'server@example.nl' }))
      ).error,
    ).toBeNull();
  });

  it('the database rejects what breaks the length and shape rules, even from the server', async () => {
    const admin = backend.admin();
    expect((await admin.from('contact_messages').insert(message({ message: 'Hoi' }))).error?.code).toBe('23514');
    expect((await admin.from('contact_messages').insert(message({ email: 'geen-adres' }))).error?.code).toBe('23514');
    expect((await admin.from('contact_messages').insert(message({ subject: 'spam' }))).error?.code).toBe('23514');
  });

  it('an address that would add headers to a mailto link is not an address', async () => {
    const admin = backend.admin();
    for (const email of [
      'client@example.nl?cc=attacker%40evil.example&bcc=spy%40evil.example&body=',
      'client@example.nl&bcc=spy@evil.example',
      'client%40evil.example@example.nl',
      'client@example.nl#fragment',
      'cli ent@example.nl',
      'client@exa/mple.nl',
    ]) {
      expect((await admin.from('contact_messages').insert(message({ email }))).error?.code, email).toBe('23514');
    }
    for (const email of ['sanne.de-vries@example.nl', "o'brien+offerte@mail.example.co.uk", 'INFO_1@Bitwerf.NL']) {
      expect((await admin.from('contact_messages').insert(message({ email }))).error, email).toBeNull();
    }
  });
});

describe('marking a message handled', () => {
  it('staff at aal2 mark it through the database, which records when and who', async () => {
    const id = await seed('afhandelen@example.nl');
    const before = Date.now();
    const { data, error } = await staffAal2.rpc('mark_contact_message_handled', { message_id: id });
    expect(error).toBeNull();
    expect(data).toBe(true);
    const [row] = await stored('afhandelen@example.nl');
    expect(row?.handled_by).toBe(staffAal2Id);
    expect(Math.abs(new Date(row?.handled_at ?? 0).getTime() - before)).toBeLessThan(10_000);

    // Once handled it stays as it was: a second call changes nothing.
    const again = await staffAal2.rpc('mark_contact_message_handled', { message_id: id });
    expect(again.data).toBe(false);
    expect((await stored('afhandelen@example.nl'))[0]?.handled_at).toBe(row?.handled_at);
  });

  it('nobody else may mark one: not aal1 staff, staff without a factor or the inbox role, clients or anon', async () => {
    const id = await seed('niet-afhandelen@example.nl');
    for (const caller of [staffAal1, staffNoFactor, recruitingStaff, client]) {
      expect((await caller.rpc('mark_contact_message_handled', { message_id: id })).error?.code).toBe('42501');
    }
    expect((await anon.rpc('mark_contact_message_handled', { message_id: id })).error?.code).toBe('42501');
    expect((await stored('niet-afhandelen@example.nl'))[0]?.handled_at).toBeNull();
  });

  it('handled_at and handled_by cannot be written directly, by anyone but the server', async () => {
    const id = await seed('vervalsen@example.nl');
    const backdate = { handled_at: '2000-01-01T00:00:00Z', handled_by: staffAal2Id };
    for (const caller of [staffAal2, staffAal1, staffNoFactor, client, anon]) {
      const { data, error } = await caller.from('contact_messages').update(backdate).eq('id', id).select('id');
      // Refused outright (no update privilege), never "updated zero rows" by luck of a policy.
      expect(error?.code).toBe('42501');
      expect(data).toBeNull();
    }
    expect((await staffAal2.from('contact_messages').update({ message: 'Iets heel anders geschreven.' }).eq('id', id)).error?.code).toBe(
      '42501',
    );
    expect((await stored('vervalsen@example.nl'))[0]?.handled_at).toBeNull();
  });

  it('no row can claim to be handled before it arrived or in the future, so retention cannot be aimed at fresh rows', async () => {
    const admin = backend.admin();
    const id = await seed('terugdateren@example.nl');
    const backdated = await admin.from('contact_messages').update({ handled_at: '2000-01-01T00:00:00Z' }).eq('id', id);
    expect(backdated.error?.code).toBe('23514');
    const future = await admin
      .from('contact_messages')
      .update({ handled_at: new Date(Date.now() + 3_600_000).toISOString() })
      .eq('id', id);
    expect(future.error?.code).toBe('23514');
    const orphanAuthor = await admin.from('contact_messages').update({ handled_by: staffAal2Id }).eq('id', id);
    expect(orphanAuthor.error?.code).toBe('23514');

    // A new message fires the retention clean-up; the fresh row is still there.
    expect((await admin.from('contact_messages').insert(message({ email: 'trigger@example.nl' }))).error).toBeNull();
    expect(await stored('terugdateren@example.nl')).toHaveLength(1);
  });

  it('nobody but the service role deletes', async () => {
    const id = await seed('verwijderen@example.nl');
    for (const caller of [staffAal2, staffAal1, client, anon]) {
      expect((await caller.from('contact_messages').delete().eq('id', id)).error?.code).toBe('42501');
    }
    const removed = await backend.admin().from('contact_messages').delete().eq('id', id).select('id');
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual([{ id }]);
  });
});

describe('staff access ends with the session, not with the token', () => {
  it('after a logout the same access token reads nothing and marks nothing', async () => {
    // The inbox role alone is what messages need.
    const staff = await staffWithFactor(backend, ['inbox']);
    ({ aal2: recruitingStaff } = await staffWithFactor(backend, ['recruiting', 'content', 'admin']));
    const token = await accessToken(staff.aal2);
    const replay = withToken(token);
    expect((await replay.from('contact_messages').select('id')).data?.length).toBeGreaterThan(0);

    expect((await staff.aal2.auth.signOut({ scope: 'global' })).error).toBeNull();
    const after = await replay.from('contact_messages').select('id');
    expect(after.error).toBeNull();
    expect(after.data).toEqual([]);
    const id = await seed('na-uitloggen@example.nl');
    expect((await replay.rpc('mark_contact_message_handled', { message_id: id })).error?.code).toBe('42501');
  });

  it('after the staff role is taken away the same access token reads nothing', async () => {
    // The inbox role alone is what messages need.
    const staff = await staffWithFactor(backend, ['inbox']);
    ({ aal2: recruitingStaff } = await staffWithFactor(backend, ['recruiting', 'content', 'admin']));
    const replay = withToken(await accessToken(staff.aal2));
    expect((await replay.from('contact_messages').select('id')).data?.length).toBeGreaterThan(0);

    const demoted = await backend.admin().auth.admin.updateUserById(staff.id, { app_metadata: { role: 'client' } });
    expect(demoted.error).toBeNull();
    expect((await replay.from('contact_messages').select('id')).data).toEqual([]);
    expect((await replay.rpc('is_staff')).data).toBe(false);
  });

  it('after the account is banned the same access token reads nothing', async () => {
    // The inbox role alone is what messages need.
    const staff = await staffWithFactor(backend, ['inbox']);
    ({ aal2: recruitingStaff } = await staffWithFactor(backend, ['recruiting', 'content', 'admin']));
    const replay = withToken(await accessToken(staff.aal2));
    expect((await replay.from('contact_messages').select('id')).data?.length).toBeGreaterThan(0);
    expect((await backend.admin().auth.admin.updateUserById(staff.id, { ban_duration: '24h' })).error).toBeNull();
    expect((await replay.from('contact_messages').select('id')).data).toEqual([]);
  });

  it('after the factor is removed the session is aal1 again and reads nothing', async () => {
    // The inbox role alone is what messages need.
    const staff = await staffWithFactor(backend, ['inbox']);
    ({ aal2: recruitingStaff } = await staffWithFactor(backend, ['recruiting', 'content', 'admin']));
    const replay = withToken(await accessToken(staff.aal2));
    expect((await staff.aal2.auth.mfa.unenroll({ factorId: staff.factorId })).error).toBeNull();
    expect((await replay.from('contact_messages').select('id')).data).toEqual([]);
  });

  it('a token that names no session, or someone else’s, is not staff', async () => {
    // The inbox role alone is what messages need.
    const staff = await staffWithFactor(backend, ['inbox']);
    ({ aal2: recruitingStaff } = await staffWithFactor(backend, ['recruiting', 'content', 'admin']));
    const token = await accessToken(staff.aal2);
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
    expect(claims.session_id).toEqual(expect.any(String));
    // Signed with the backend's shared secret, so they are valid tokens apart from what they say.
    const otherSession = (await accessToken(staffAal2)).split('.')[1];
    const mixed = JSON.parse(Buffer.from(otherSession ?? '', 'base64url').toString()) as Record<string, unknown>;
    for (const forged of [
      { ...claims, session_id: undefined },
      { ...claims, session_id: 'not-a-uuid' },
      { ...claims, session_id: mixed.session_id },
    ]) {
      const signed = await new SignJWT(forged).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(JWT_SECRET));
      const { data, error } = await withToken(signed).from('contact_messages').select('id');
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
  });
});

describe('contact message retention', () => {
  it('forgets messages twelve months after the last contact, whenever a new message arrives', async () => {
    const admin = backend.admin();
    const monthsAgo = (months: number) => new Date(Date.now() - months * 30.5 * 24 * 60 * 60 * 1000).toISOString();
    const seeded = await admin
      .from('contact_messages')
      .insert([
        message({ email: 'unhandled-13@example.nl', created_at: monthsAgo(13) }),
        message({ email: 'unhandled-11@example.nl', created_at: monthsAgo(11) }),
        message({ email: 'handled-long-ago@example.nl', created_at: monthsAgo(20), handled_at: monthsAgo(13) }),
        message({ email: 'handled-lately@example.nl', created_at: monthsAgo(20), handled_at: monthsAgo(2) }),
      ])
      .select('email');
    expect(seeded.error).toBeNull();

    expect((await admin.from('contact_messages').insert(message({ email: 'new@example.nl' }))).error).toBeNull();

    const { data } = await admin
      .from('contact_messages')
      .select('email')
      .in('email', [
        'unhandled-13@example.nl',
        'unhandled-11@example.nl',
        'handled-long-ago@example.nl',
        'handled-lately@example.nl',
        'new@example.nl',
      ])
      .order('email');
    expect(data?.map((row) => row.email as string)).toEqual(['handled-lately@example.nl', 'new@example.nl', 'unhandled-11@example.nl']);
  });

  it('cannot be called directly by visitors', async () => {
    expect((await anon.rpc('forget_old_contact_messages')).error).not.toBeNull();
    expect((await staffAal2.rpc('forget_old_contact_messages')).error).not.toBeNull();
  });
});

describe('consume_rate_limit', () => {
  it('allows max_hits per window per bucket, then refuses', async () => {
    const admin = backend.admin();
    const hit = async (bucket: string) => (await admin.rpc('consume_rate_limit', { bucket, max_hits: 3, window_seconds: 60 })).data;
    expect([await hit('ip:a'), await hit('ip:a'), await hit('ip:a'), await hit('ip:a')]).toEqual([true, true, true, false]);
    expect(await hit('ip:b')).toBe(true);
  });

  it('forgets hits older than the window', async () => {
    const admin = backend.admin();
    const hit = async () => (await admin.rpc('consume_rate_limit', { bucket: 'ip:c', max_hits: 1, window_seconds: 1 })).data;
    expect(await hit()).toBe(true);
    expect(await hit()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await hit()).toBe(true);
  });

  it('keeps no hit longer than a day, whichever bucket it belongs to', async () => {
    const admin = backend.admin();
    const dayAndAMinuteAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 60_000).toISOString();
    expect((await admin.from('rate_limit_hits').insert({ bucket: 'ip:gone', hit_at: dayAndAMinuteAgo })).error).toBeNull();
    await admin.rpc('consume_rate_limit', { bucket: 'ip:other', max_hits: 5, window_seconds: 60 });
    const { count } = await admin.from('rate_limit_hits').select('*', { count: 'exact', head: true }).eq('bucket', 'ip:gone');
    expect(count).toBe(0);
  });

  it('the hourly retention run deletes hits older than a day even when no request comes in, for the service role only', async () => {
    const admin = backend.admin();
    const dayAndAMinuteAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 60_000).toISOString();
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    expect(
      (
        await admin.from('rate_limit_hits').insert([
          { bucket: 'ip:quiet-old', hit_at: dayAndAMinuteAgo },
          { bucket: 'ip:quiet-recent', hit_at: hourAgo },
        ])
      ).error,
    ).toBeNull();
    for (const caller of [anon, client, staffAal2]) expect((await caller.rpc('purge_old_rate_limit_hits')).error?.code).toBe('42501');
    const { data, error } = await admin.rpc('purge_old_rate_limit_hits');
    expect(error).toBeNull();
    expect(data).toBe(1);
    const left = await admin.from('rate_limit_hits').select('bucket').in('bucket', ['ip:quiet-old', 'ip:quiet-recent']);
    expect(left.data).toEqual([{ bucket: 'ip:quiet-recent' }]);
  });

  it('is out of reach for anon, signed-in users and staff, and so is its table', async () => {
    const rpc = await anon.rpc('consume_rate_limit', { bucket: 'ip:d', max_hits: 1, window_seconds: 60 });
    expect(rpc.error?.code).toBe('42501');
    for (const caller of [client, staffAal2]) {
      expect((await caller.rpc('consume_rate_limit', { bucket: 'ip:d', max_hits: 1, window_seconds: 60 })).error?.code).toBe('42501');
      expect((await caller.from('rate_limit_hits').select('bucket')).error?.code).toBe('42501');
    }
  });
});
