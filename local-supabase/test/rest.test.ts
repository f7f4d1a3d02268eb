import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { DEMO, STAFF, TEST_MIGRATIONS, startTestBackend, type TestBackend } from './helpers';

let backend: TestBackend;
let demo: SupabaseClient;
let staff: SupabaseClient;
let demoId: string;
let staffId: string;
let fixture: { owner_id: string; title: string; is_public: boolean; rank: number }[];

async function signedIn(account: typeof DEMO): Promise<{ client: SupabaseClient; id: string }> {
  const client = backend.client();
  const { data, error } = await client.auth.signInWithPassword(account);
  if (error !== null || data.user === null) throw error ?? new Error('no user');
  return { client, id: data.user.id };
}

beforeAll(async () => {
  backend = await startTestBackend({ migrationsDir: TEST_MIGRATIONS });
  ({ client: demo, id: demoId } = await signedIn(DEMO));
  ({ client: staff, id: staffId } = await signedIn(STAFF));
  fixture = [
    ...Array.from({ length: 5 }, (_, i) => ({ owner_id: demoId, title: `demo private ${i}`, is_public: false, rank: i })),
    ...Array.from({ length: 3 }, (_, i) => ({ owner_id: demoId, title: `demo public ${i}`, is_public: true, rank: 10 + i })),
    ...Array.from({ length: 4 }, (_, i) => ({ owner_id: staffId, title: `staff private ${i}`, is_public: false, rank: 20 + i })),
  ];
});
// Every test starts from the same twelve notes and no contact messages, whatever the tests before it wrote.
beforeEach(async () => {
  const admin = backend.admin();
  expect((await admin.from('notes').delete().not('id', 'is', null)).error).toBeNull();
  expect((await admin.from('contact_messages').delete().not('id', 'is', null)).error).toBeNull();
  expect((await admin.from('notes').insert(fixture)).error).toBeNull();
});
afterAll(async () => {
  await backend?.close();
});

describe('row-level security per role', () => {
  it('anon sees only public notes', async () => {
    const { data, error } = await backend.client().from('notes').select('title');
    expect(error).toBeNull();
    expect(data?.map((row) => row.title).sort()).toEqual(['demo public 0', 'demo public 1', 'demo public 2']);
  });

  it('an authenticated user sees public notes and their own', async () => {
    const { data } = await demo.from('notes').select('owner_id, is_public');
    expect(data).toHaveLength(8);
    const { data: staffView } = await staff.from('notes').select('owner_id, is_public');
    expect(staffView).toHaveLength(7);
    expect(staffView?.filter((row) => row.owner_id === demoId).every((row) => row.is_public)).toBe(true);
  });

  it('service_role bypasses RLS', async () => {
    const { count } = await backend.admin().from('notes').select('*', { count: 'exact', head: true });
    expect(count).toBe(12);
  });

  it('insert policies: anon may send a contact message but not read it; only staff reads messages', async () => {
    const sent = await backend.client().from('contact_messages').insert({ email: 'visitor@example.com', body: 'Hello' });
    expect(sent.error).toBeNull();
    expect(sent.status).toBe(201);
    expect((await backend.client().from('contact_messages').select()).data).toEqual([]);
    expect((await demo.from('contact_messages').select()).data).toEqual([]);
    const { data } = await staff.from('contact_messages').select('email, body');
    expect(data).toEqual([{ email: 'visitor@example.com', body: 'Hello' }]);
  });

  it('a policy violation is 42501: 401 for anon, 403 for a user', async () => {
    const anon = await backend.client().from('notes').insert({ owner_id: demoId, title: 'sneaky' });
    expect(anon.status).toBe(401);
    expect(anon.error).toMatchObject({ code: '42501', message: 'new row violates row-level security policy for table "notes"' });
    const forged = await demo.from('notes').insert({ owner_id: staffId, title: 'sneaky' });
    expect(forged.status).toBe(403);
    expect(forged.error?.code).toBe('42501');
    const secrets = await backend.client().from('secrets').select();
    expect(secrets.status).toBe(401);
    expect(secrets.error).toMatchObject({ code: '42501', message: 'permission denied for table secrets', details: null, hint: null });
  });
});

describe('reads', () => {
  it('filters with eq, neq, gt, gte, lt, lte, in, is, like and not', async () => {
    const admin = backend.admin();
    const titles = async (query: PromiseLike<{ data: { title: string }[] | null }>) =>
      ((await query).data ?? []).map((row) => row.title).sort();
    expect(await titles(admin.from('notes').select('title').eq('rank', 2))).toEqual(['demo private 2']);
    expect((await admin.from('notes').select('title').neq('owner_id', demoId)).data).toHaveLength(4);
    expect(await titles(admin.from('notes').select('title').gt('rank', 22))).toEqual(['staff private 3']);
    expect(await titles(admin.from('notes').select('title').gte('rank', 22))).toEqual(['staff private 2', 'staff private 3']);
    expect(await titles(admin.from('notes').select('title').lt('rank', 1))).toEqual(['demo private 0']);
    expect(await titles(admin.from('notes').select('title').lte('rank', 1))).toEqual(['demo private 0', 'demo private 1']);
    expect(await titles(admin.from('notes').select('title').in('rank', [0, 10, 20]))).toEqual([
      'demo private 0',
      'demo public 0',
      'staff private 0',
    ]);
    expect((await admin.from('notes').select('title').is('rank', null)).data).toEqual([]);
    expect(await titles(admin.from('notes').select('title').like('title', 'staff%3'))).toEqual(['staff private 3']);
    expect(await titles(admin.from('notes').select('title').like('title', 'demo public%').not('rank', 'eq', 10))).toEqual([
      'demo public 1',
      'demo public 2',
    ]);
    expect(await titles(admin.from('notes').select('title').in('title', ['demo public 0', 'a "quoted, comma" value']))).toEqual([
      'demo public 0',
    ]);
  });

  it('orders, limits, offsets and counts', async () => {
    const { data, count, error } = await backend
      .admin()
      .from('notes')
      .select('rank', { count: 'exact' })
      .order('rank', { ascending: false })
      .range(2, 4);
    expect(error).toBeNull();
    expect(data).toEqual([{ rank: 21 }, { rank: 20 }, { rank: 12 }]);
    expect(count).toBe(12);
    const limited = await backend.admin().from('notes').select('rank').order('rank').limit(2);
    expect(limited.data).toEqual([{ rank: 0 }, { rank: 1 }]);
  });

  it('renames columns, and returns single objects', async () => {
    const { data } = await backend.admin().from('notes').select('label:title, rank').eq('rank', 3).single();
    expect(data).toEqual({ label: 'demo private 3', rank: 3 });
    const none = await backend.admin().from('notes').select().eq('rank', 999).single();
    expect(none.status).toBe(406);
    expect(none.error?.code).toBe('PGRST116');
    const maybe = await backend.admin().from('notes').select().eq('rank', 999).maybeSingle();
    expect(maybe.error).toBeNull();
    expect(maybe.data).toBeNull();
  });

  it('reports unknown tables, columns and bad filters like PostgREST', async () => {
    const table = await backend.client().from('nope').select();
    expect(table.status).toBe(404);
    expect(table.error).toMatchObject({ code: 'PGRST205', message: "Could not find the table 'public.nope' in the schema cache" });
    const column = await backend.client().from('notes').select('nope');
    expect(column.status).toBe(400);
    expect(column.error).toMatchObject({ code: '42703', message: 'column notes.nope does not exist' });
    const filter = await backend.fetch('/rest/v1/notes?rank=between.1', { headers: { apikey: backend.anonKey } });
    expect(filter.status).toBe(400);
    expect(await filter.json()).toMatchObject({ code: 'PGRST100' });
    const value = await backend.client().from('notes').select().eq('rank', 'not-a-number');
    expect(value.status).toBe(400);
    expect(value.error?.code).toBe('22P02');
  });

  it('never lets a value reach SQL as text', async () => {
    const attack = await backend.client().from('notes').select('title').eq('title', "x' or '1'='1");
    expect(attack.data).toEqual([]);
    const identifier = await backend.fetch(`/rest/v1/notes?${encodeURIComponent('title"; drop table notes; --')}=eq.1`, {
      headers: { apikey: backend.anonKey },
    });
    expect(identifier.status).toBe(400);
    expect((await backend.admin().from('notes').select('*', { count: 'exact', head: true })).count).toBe(12);
  });
});

describe('writes', () => {
  it('inserts one or many rows and returns them on request', async () => {
    const one = await demo.from('notes').insert({ title: 'fresh', rank: 100 }).select('title, owner_id').single();
    expect(one.status).toBe(201);
    expect(one.data).toEqual({ title: 'fresh', owner_id: demoId });
    const many = await demo
      .from('notes')
      .insert([{ title: 'bulk a', rank: 101 }, { title: 'bulk b' }])
      .select('title, rank');
    expect(many.data).toEqual([
      { title: 'bulk a', rank: 101 },
      { title: 'bulk b', rank: null },
    ]);
    const minimal = await demo.from('notes').insert({ title: 'quiet' });
    expect(minimal.status).toBe(201);
    expect(minimal.data).toBeNull();
  });

  it('rolls the whole bulk insert back when one row fails', async () => {
    const before = (await backend.admin().from('notes').select('*', { count: 'exact', head: true })).count;
    const failed = await demo.from('notes').insert([{ title: 'ok' }, { title: null }]);
    expect(failed.error?.code).toBe('23502');
    expect((await backend.admin().from('notes').select('*', { count: 'exact', head: true })).count).toBe(before);
  });

  it('updates and deletes only what the policies allow', async () => {
    const added = await demo
      .from('notes')
      .insert([{ title: 'fresh', rank: 100 }, { title: 'bulk a', rank: 101 }, { title: 'bulk b' }, { title: 'quiet' }]);
    expect(added.error).toBeNull();
    const mine = await demo.from('notes').update({ title: 'renamed' }).eq('rank', 100).select('title');
    expect(mine.data).toEqual([{ title: 'renamed' }]);
    const theirs = await demo.from('notes').update({ title: 'hijacked' }).eq('owner_id', staffId).select();
    expect(theirs.data).toEqual([]);
    const quiet = await demo.from('notes').update({ rank: 200 }).eq('title', 'renamed');
    expect(quiet.status).toBe(204);
    const deleted = await demo.from('notes').delete().in('title', ['renamed', 'bulk a', 'bulk b', 'quiet']).select('title');
    expect(deleted.data?.map((row) => row.title).sort()).toEqual(['bulk a', 'bulk b', 'quiet', 'renamed']);
    const refused = await demo.from('notes').delete().eq('owner_id', staffId);
    expect(refused.error).toBeNull();
    expect((await backend.admin().from('notes').select('*', { count: 'exact', head: true }).eq('owner_id', staffId)).count).toBe(4);
  });

  it('rejects unknown columns and malformed JSON', async () => {
    const empty = await demo.from('notes').insert({});
    expect(empty.error).toMatchObject({ code: '23502' });
    const unknown = await demo.from('notes').insert({ title: 'x', colour: 'red' });
    expect(unknown.status).toBe(400);
    expect(unknown.error?.code).toBe('PGRST204');
    const malformed = await backend.fetch('/rest/v1/notes', {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'Content-Type': 'application/json' },
      body: '{"title":',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'PGRST102' });
  });
});

describe('rpc', () => {
  it('calls functions with named and default arguments', async () => {
    expect((await backend.client().rpc('add_numbers', { a: 2, b: 3 })).data).toBe(5);
    expect((await backend.client().rpc('add_numbers', { a: 2 })).data).toBe(3);
  });

  it('runs functions as the caller, under RLS', async () => {
    expect((await backend.client().rpc('visible_note_count')).data).toBe(3);
    expect((await demo.rpc('visible_note_count')).data).toBe(8);
    const ranked = await demo.rpc('notes_ranked_above', { min_rank: 11 });
    expect((ranked.data as { rank: number }[]).map((row) => row.rank)).toEqual([12]);
    const who = await staff.rpc('whoami');
    expect(who.data).toEqual({ uid: staffId, role: 'authenticated', email: STAFF.email, claims_role: 'authenticated' });
    expect((await backend.client().rpc('whoami')).data).toMatchObject({ uid: null, role: 'anon' });
  });

  it('answers void functions with no content and reports errors', async () => {
    const touched = await backend.client().rpc('touch');
    expect(touched.error).toBeNull();
    expect(touched.status).toBe(204);
    const unknown = await backend.client().rpc('nope', { x: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.error?.code).toBe('PGRST202');
    const raised = await backend.client().rpc('fail_loudly');
    expect(raised.status).toBe(400);
    expect(raised.error).toMatchObject({ code: 'P0001', message: 'nope', hint: 'told you' });
  });
});

describe('tokens', () => {
  it('refuses a forged token with PGRST301', async () => {
    const response = await backend.fetch('/rest/v1/notes', { headers: { apikey: backend.anonKey, Authorization: 'Bearer a.b.c' } });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'PGRST301' });
  });

  it('serialises concurrent requests so their transactions never interleave', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? demo : backend.client()).rpc('whoami')));
    results.forEach((result, i) => expect((result.data as { role: string }).role).toBe(i % 2 === 0 ? 'authenticated' : 'anon'));
  });
});
