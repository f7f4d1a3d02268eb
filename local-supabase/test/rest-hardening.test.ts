import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO, TEST_MIGRATIONS, startTestBackend, type TestBackend } from './helpers';

let backend: TestBackend;
let demo: SupabaseClient;
let demoToken: string;

beforeAll(async () => {
  backend = await startTestBackend({ migrationsDir: TEST_MIGRATIONS });
  demo = backend.client();
  const { data, error } = await demo.auth.signInWithPassword(DEMO);
  if (error !== null || data.session === null) throw error ?? new Error('no session');
  demoToken = data.session.access_token;
  const rows = Array.from({ length: 12 }, (_, i) => ({ owner_id: data.user.id, title: `note ${i}`, is_public: i % 2 === 0, rank: i }));
  expect((await backend.admin().from('notes').insert(rows)).error).toBeNull();
});
afterAll(async () => {
  await backend?.close();
});

/** A GET as the signed-in demo user, with the query string exactly as given. */
function asDemo(pathAndQuery: string, headers: Record<string, string> = {}): Promise<Response> {
  return backend.fetch(pathAndQuery, { headers: { apikey: backend.anonKey, Authorization: `Bearer ${demoToken}`, ...headers } });
}

describe('select casts (review finding 7)', () => {
  it('refuses anything but a type name after ::, so no SQL can follow it', async () => {
    const payloads = [
      // Today's SQL would read the table twice: proof that text after :: becomes SQL.
      'title::text from notes notes union all select title',
      'title::text from pg_settings notes union all select title',
      'title::text from x',
      'title::text;select 1',
      'title::text--',
      'title::int)',
      'title::pg_catalog.text',
      'title::"text"',
      'title::text[]',
    ];
    for (const select of payloads) {
      const response = await asDemo(`/rest/v1/notes?select=${encodeURIComponent(select)}`);
      expect(response.status, select).toBe(400);
      const body = (await response.json()) as { code: string };
      expect(body.code, select).toMatch(/^(PGRST100|42601|42704)$/);
    }
  });

  it('answers an unknown type like Postgres does through PostgREST', async () => {
    const response = await asDemo('/rest/v1/notes?select=rank::nosuchtype');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: '42704', message: 'type "nosuchtype" does not exist' });
  });

  it('still casts to real types, including multi-word names and aliases', async () => {
    const { data, error } = await demo.from('notes').select('rank::text, real:rank::float8').eq('rank', 3).single();
    expect(error).toBeNull();
    expect(data).toEqual({ rank: '3', real: 3 });
    // postgrest-js strips spaces from select lists; PostgREST itself accepts multi-word type names.
    const raw = await asDemo(`/rest/v1/notes?select=${encodeURIComponent('half:rank::double precision')}&rank=eq.3`);
    expect(await raw.json()).toEqual([{ half: 3 }]);
  });

  it('refuses aliases outside PostgREST’s identifier grammar', async () => {
    const response = await asDemo(`/rest/v1/notes?select=${encodeURIComponent('x"y:title')}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'PGRST100' });
  });
});

describe('logic trees and filter limits (review finding 13)', () => {
  const nested = (depth: number) => `(${'and('.repeat(depth - 1)}rank.eq.1${')'.repeat(depth - 1)})`;

  it('answers a deeply nested tree with 400 PGRST100, quickly, not a stack overflow', async () => {
    const started = performance.now();
    const response = await backend.fetch(`/rest/v1/notes?or=${nested(3000)}`, { headers: { apikey: backend.anonKey } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'PGRST100' });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('allows 16 levels of nesting and refuses 17', async () => {
    const ok = await asDemo(`/rest/v1/notes?select=rank&or=${nested(16)}`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual([{ rank: 1 }]);
    const deep = await asDemo(`/rest/v1/notes?select=rank&or=${nested(17)}`);
    expect(deep.status).toBe(400);
    expect(await deep.json()).toMatchObject({ code: 'PGRST100' });
  });

  it('allows 100 conditions per request and refuses 101, top-level filters included', async () => {
    const conditions = (n: number) => Array.from({ length: n }, (_, i) => `rank.eq.${i}`).join(',');
    const ok = await asDemo(`/rest/v1/notes?select=rank&rank=lt.3&or=(${conditions(99)})`);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as unknown[]).length).toBe(3);
    const many = await asDemo(`/rest/v1/notes?select=rank&rank=lt.3&or=(${conditions(100)})`);
    expect(many.status).toBe(400);
    expect(await many.json()).toMatchObject({ code: 'PGRST100' });
  });

  it('checks the token and the table before parsing the tree', async () => {
    const badToken = await backend.fetch(`/rest/v1/notes?or=${nested(3000)}`, {
      headers: { apikey: backend.anonKey, Authorization: 'Bearer a.b.c' },
    });
    expect(badToken.status).toBe(401);
    expect(await badToken.json()).toMatchObject({ code: 'PGRST301' });
    const noTable = await backend.fetch(`/rest/v1/nope?or=${nested(3000)}`, { headers: { apikey: backend.anonKey } });
    expect(noTable.status).toBe(404);
    expect(await noTable.json()).toMatchObject({ code: 'PGRST205' });
  });

  it('still reads quoted values, in-lists and negations inside trees', async () => {
    const titles = async (query: string) =>
      ((await (await asDemo(`/rest/v1/notes?select=rank&${query}`)).json()) as { rank: number }[])
        .map((row) => row.rank)
        .sort((a, b) => a - b);
    expect(await titles(`or=(title.eq.${encodeURIComponent('"note 1"')},rank.in.(2,3),not.and(rank.gte.0,rank.lte.10))`)).toEqual([
      1, 2, 3, 11,
    ]);
    expect(await titles(`or=(title.eq.${encodeURIComponent('"a,b)"')},rank.eq.4)`)).toEqual([4]);
    const unbalanced = await asDemo('/rest/v1/notes?or=(rank.eq.1');
    expect(unbalanced.status).toBe(400);
    const trailing = await asDemo('/rest/v1/notes?or=(rank.eq.1))');
    expect(trailing.status).toBe(400);
  });
});

describe('PostgREST behaviour the site relies on (issue 10)', () => {
  it('answers a partial counted page with 206 and a correct Content-Range', async () => {
    const page = await demo.from('notes').select('rank', { count: 'exact' }).lt('rank', 12).order('rank').range(0, 4);
    expect(page.status).toBe(206);
    expect(page.count).toBe(12);
    expect(page.data).toHaveLength(5);
    const raw = await asDemo('/rest/v1/notes?select=rank&rank=lt.12&order=rank&offset=5&limit=5', { Prefer: 'count=exact' });
    expect(raw.status).toBe(206);
    expect(raw.headers.get('content-range')).toBe('5-9/12');
    const whole = await asDemo('/rest/v1/notes?select=rank&rank=lt.12', { Prefer: 'count=exact' });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-range')).toBe('0-11/12');
    const ranged = await asDemo('/rest/v1/notes?select=rank&rank=lt.12&order=rank', { Prefer: 'count=exact', Range: '2-3' });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe('2-3/12');
    expect(await ranged.json()).toEqual([{ rank: 2 }, { rank: 3 }]);
  });

  it('answers an offset past the end with 416 PGRST103', async () => {
    const past = await demo.from('notes').select('rank', { count: 'exact' }).lt('rank', 12).range(20, 25);
    expect(past.status).toBe(416);
    expect(past.error).toMatchObject({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'An offset of 20 was requested, but there are only 12 rows.',
    });
    const atEnd = await asDemo('/rest/v1/notes?select=rank&rank=lt.12&offset=12', { Prefer: 'count=exact' });
    expect(atEnd.status).toBe(206);
    expect(atEnd.headers.get('content-range')).toBe('*/12');
  });

  it('applies select, filters, order and limit to set-returning functions', async () => {
    const { data, error } = await demo
      .rpc('notes_ranked_above', { min_rank: 3 })
      .select('rank')
      .lt('rank', 8)
      .order('rank', { ascending: false })
      .limit(2);
    expect(error).toBeNull();
    expect(data).toEqual([{ rank: 7 }, { rank: 6 }]);
    const viaGet = await demo.rpc('notes_ranked_above', { min_rank: 3 }, { get: true }).select('title').eq('rank', 5);
    expect(viaGet.error).toBeNull();
    expect(viaGet.data).toEqual([{ title: 'note 5' }]);
    const counted = await demo.rpc('notes_ranked_above', { min_rank: 3 }, { count: 'exact' }).lt('rank', 12).range(0, 1);
    expect(counted.status).toBe(206);
    expect(counted.count).toBe(8);
    const scalars = await demo.rpc('ranks_below', { max_rank: 5 }).range(1, 2);
    expect(scalars.data).toEqual([1, 2]);
    const single = await demo.rpc('top_note').select('rank');
    expect(single.data).toEqual({ rank: 11 });
  });

  it('refuses columns a function result does not have, as PostgREST does', async () => {
    const scalar = await demo.rpc('ranks_below', { max_rank: 5 }).eq('rank', 1);
    expect(scalar.status).toBe(400);
    expect(scalar.error?.code).toBe('42703');
    const unknown = await demo.rpc('notes_ranked_above', { min_rank: 3 }).select('nope');
    expect(unknown.status).toBe(400);
    expect(unknown.error?.code).toBe('42703');
  });

  it('has the extensions schema on the search_path, as hosted Supabase does', async () => {
    const { data, error } = await demo.rpc('random_hex');
    expect(error).toBeNull();
    expect(data).toMatch(/^[0-9a-f]{8}$/);
  });

  it('honours Prefer: missing=default on insert', async () => {
    const { data, error } = await demo
      .from('notes')
      .insert(
        [
          { title: 'defaults a', is_public: true, rank: 100 },
          { title: 'defaults b', rank: 101 },
        ],
        { defaultToNull: false },
      )
      .select('title, is_public, owner_id');
    expect(error).toBeNull();
    const demoId = (await demo.auth.getUser()).data.user?.id;
    expect(data).toEqual([
      { title: 'defaults a', is_public: true, owner_id: demoId },
      { title: 'defaults b', is_public: false, owner_id: demoId },
    ]);
    // Without the preference a missing key is NULL, as in PostgREST.
    const nulls = await demo.from('notes').insert([{ title: 'nulls a', is_public: true }, { title: 'nulls b' }]);
    expect(nulls.error?.code).toBe('23502');
  });

  it('inserts only the columns named in columns=', async () => {
    const response = await backend.fetch('/rest/v1/notes?columns=title,rank&select=title,rank,is_public', {
      method: 'POST',
      headers: {
        apikey: backend.anonKey,
        Authorization: `Bearer ${demoToken}`,
        'Content-Type': 'application/json',
        Prefer: 'return=representation',
      },
      body: JSON.stringify([{ title: 'only named', rank: 102, is_public: true }]),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual([{ title: 'only named', rank: 102, is_public: false }]);
  });

  it('answers unknown REST paths with PostgREST JSON', async () => {
    const response = await asDemo('/rest/v1/notes/1');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'PGRST125' });
  });
});
