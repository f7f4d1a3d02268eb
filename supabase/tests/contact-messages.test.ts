import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, STAFF, startTestBackend, type TestBackend } from '../../local-supabase/test/helpers';

// The site's real migrations, applied as `supabase db reset` would, then exercised per role.
const MIGRATIONS = path.join(import.meta.dirname, '..', 'migrations');

let backend: TestBackend;
let anon: SupabaseClient;
let client: SupabaseClient;
let staff: SupabaseClient;
let staffId: string;

const message = (overrides: Record<string, unknown> = {}) => ({
  name: 'Sanne de Vries',
  email: 'sanne@example.nl',
  subject: 'project',
  message: 'Wij zoeken een partner voor een nieuw klantportaal.',
  locale: 'nl',
  ...overrides,
});

async function signedIn(account: typeof DEMO): Promise<{ client: SupabaseClient; id: string }> {
  const c = backend.client();
  const { data, error } = await c.auth.signInWithPassword(account);
  if (error !== null || data.user === null) throw error ?? new Error('no user');
  return { client: c, id: data.user.id };
}

beforeAll(async () => {
  backend = await startTestBackend({ migrationsDir: MIGRATIONS });
  anon = backend.client();
  ({ client } = await signedIn(DEMO));
  ({ client: staff, id: staffId } = await signedIn(STAFF));
});
afterAll(async () => {
  await backend?.close();
});

describe('contact_messages', () => {
  it('anon and signed-in visitors can send a message but not read any back', async () => {
    expect((await anon.from('contact_messages').insert(message())).error).toBeNull();
    expect((await client.from('contact_messages').insert(message({ email: 'klant@example.nl' }))).error).toBeNull();

    const anonRead = await anon.from('contact_messages').select('id');
    expect(anonRead.error?.code).toBe('42501');
    const clientRead = await client.from('contact_messages').select('id');
    expect(clientRead.error).toBeNull();
    expect(clientRead.data).toEqual([]);
  });

  it('rejects what breaks the length and shape rules', async () => {
    const tooShort = await anon.from('contact_messages').insert(message({ message: 'Hoi' }));
    expect(tooShort.error?.code).toBe('23514');
    const badEmail = await anon.from('contact_messages').insert(message({ email: 'geen-adres' }));
    expect(badEmail.error?.code).toBe('23514');
    const badSubject = await anon.from('contact_messages').insert(message({ subject: 'spam' }));
    expect(badSubject.error?.code).toBe('23514');
  });

  it('a sender cannot pre-mark a message as handled', async () => {
    const { error } = await anon.from('contact_messages').insert(message({ handled_at: new Date().toISOString() }));
    expect(error?.code).toBe('42501');
  });

  it('staff read every message and can mark one handled, but cannot rewrite it', async () => {
    const { data, error } = await staff.from('contact_messages').select('id, email, handled_at').order('created_at', { ascending: false });
    expect(error).toBeNull();
    expect(data?.length).toBeGreaterThanOrEqual(2);
    const target = data?.[0];
    if (!target) throw new Error('no message to handle');

    const handled = await staff
      .from('contact_messages')
      .update({ handled_at: new Date().toISOString(), handled_by: staffId })
      .eq('id', target.id)
      .select('handled_by');
    expect(handled.error).toBeNull();
    expect(handled.data).toEqual([{ handled_by: staffId }]);

    const rewrite = await staff.from('contact_messages').update({ message: 'Iets heel anders geschreven.' }).eq('id', target.id);
    expect(rewrite.error?.code).toBe('42501');
  });

  it('a non-staff user can neither update nor delete; only the service role deletes', async () => {
    const { data } = await staff.from('contact_messages').select('id').limit(1);
    const id = data?.[0]?.id as string;

    const update = await client.from('contact_messages').update({ handled_at: new Date().toISOString() }).eq('id', id).select('id');
    expect(update.data ?? []).toEqual([]);
    expect((await staff.from('contact_messages').delete().eq('id', id)).error?.code).toBe('42501');
    expect((await anon.from('contact_messages').delete().eq('id', id)).error?.code).toBe('42501');

    const removed = await backend.admin().from('contact_messages').delete().eq('id', id).select('id');
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual([{ id }]);
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
    // The insert itself fires the clean-up, so only the rows within the year come back.
    expect(seeded.error).toBeNull();

    expect((await anon.from('contact_messages').insert(message({ email: 'new@example.nl' }))).error).toBeNull();

    const { data } = await admin
      .from('contact_messages')
      .select('email')
      .in('email', ['unhandled-13@example.nl', 'unhandled-11@example.nl', 'handled-long-ago@example.nl', 'handled-lately@example.nl', 'new@example.nl'])
      .order('email');
    expect(data?.map((row) => row.email as string)).toEqual(['handled-lately@example.nl', 'new@example.nl', 'unhandled-11@example.nl']);
  });

  it('cannot be called directly by visitors', async () => {
    expect((await anon.rpc('forget_old_contact_messages')).error).not.toBeNull();
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

  it('is out of reach for anon and signed-in users, and so is its table', async () => {
    const rpc = await anon.rpc('consume_rate_limit', { bucket: 'ip:d', max_hits: 1, window_seconds: 60 });
    expect(rpc.error?.code).toBe('42501');
    expect((await client.rpc('consume_rate_limit', { bucket: 'ip:d', max_hits: 1, window_seconds: 60 })).error?.code).toBe('42501');
    expect((await client.from('rate_limit_hits').select('bucket')).error?.code).toBe('42501');
  });
});
