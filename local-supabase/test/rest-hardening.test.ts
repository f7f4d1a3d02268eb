import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { DEMO, TEST_MIGRATIONS, startTestBackend, type TestBackend } from './helpers';

let backend: TestBackend;
let demo: SupabaseClient;
let demoToken: string;
let fixture: { owner_id: string; title: string; is_public: boolean; rank: number }[];

beforeAll(async () => {
  backend = await startTestBackend({ migrationsDir: TEST_MIGRATIONS });
  demo = backend.client();
  const { data, error } = await demo.auth.signInWithPassword(DEMO);
  if (error !== null || data.session === null) throw error ?? new Error('no session');
  demoToken = data.session.access_token;
  fixture = Array.from({ length: 12 }, (_, i) => ({ owner_id: data.user.id, title: `note ${i}`, is_public: i % 2 === 0, rank: i }));
});
// Every test starts from the same twelve notes, whatever the tests before it wrote.
beforeEach(async () => {
  const admin = backend.admin();
  expect((await admin.from('notes').delete().not('id', 'is', null)).error).toBeNull();
  expect((await admin.from('notes').insert(fixture)).error).toBeNull();
});
afterAll(async () => {
  await backend?.close();
});

/** A GET as the signed-in demo user, with the query string exactly as given. */
function asDemo(pathAndQuery: string, headers: Record<string, string> = {}): Promise<Response> {
  return backend.fetch(pathAndQuery, { headers: { apikey: backend.anonKey, Authorization: `Bearer ${demoToken}`, ...headers } });
}

describe('what is outside the contract answers PGRST100, never as SQL', () => {
  it('refuses casts, so no text after :: can become SQL', async () => {
    const payloads = [
      'title::text from notes notes union all select title',
      'title::text;select 1',
      'title::int)',
      'rank::text',
      'real:rank::float8',
    ];
    for (const select of payloads) {
      const response = await asDemo(`/rest/v1/notes?select=${encodeURIComponent(select)}`);
      expect(response.status, select).toBe(400);
      expect(await response.json(), select).toMatchObject({ code: 'PGRST100' });
    }
  });

  it('refuses aliases outside PostgREST’s identifier grammar', async () => {
    const response = await asDemo(`/rest/v1/notes?select=${encodeURIComponent('x"y:title')}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'PGRST100' });
  });

  it('refuses logic trees at once, whatever their depth', async () => {
    const nested = `(${'and('.repeat(2999)}rank.eq.1${')'.repeat(2999)})`;
    for (const query of [`or=${nested}`, 'or=(rank.eq.0,rank.gt.22)', 'not.and=(rank.gte.1,rank.lte.22)']) {
      const response = await asDemo(`/rest/v1/notes?${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.json(), query).toMatchObject({ code: 'PGRST100' });
    }
  });

  it('refuses the operators the site does not use, naming them', async () => {
    for (const filter of ['match.^note', 'imatch.^NOTE', 'isdistinct.3', 'cs.{1}', 'like(any).{a*,b*}']) {
      const response = await asDemo(`/rest/v1/notes?title=${encodeURIComponent(filter)}`);
      expect(response.status, filter).toBe(400);
      expect(await response.json(), filter).toMatchObject({ code: 'PGRST100', details: expect.stringContaining('not supported') });
    }
  });

  it('matches ilike without regard to case, with * for %, as PostgREST does (rights requests find an address so)', async () => {
    const response = await asDemo(`/rest/v1/notes?select=title&title=${encodeURIComponent('ilike.NOTE*')}`);
    expect(response.status).toBe(200);
    const titles = ((await response.json()) as { title: string }[]).map((row) => row.title);
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.every((title) => title.toLowerCase().startsWith('note'))).toBe(true);
  });

  it('allows 100 filters per request and refuses 101', async () => {
    const filters = (n: number) => Array.from({ length: n }, () => 'rank=lt.3').join('&');
    const ok = await asDemo(`/rest/v1/notes?select=rank&${filters(100)}`);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as unknown[]).length).toBe(3);
    const many = await asDemo(`/rest/v1/notes?select=rank&${filters(101)}`);
    expect(many.status).toBe(400);
    expect(await many.json()).toMatchObject({ code: 'PGRST100' });
  });

  it('checks the token and the table before parsing the filters', async () => {
    const badToken = await backend.fetch('/rest/v1/notes?rank=between.1', {
      headers: { apikey: backend.anonKey, Authorization: 'Bearer a.b.c' },
    });
    expect(badToken.status).toBe(401);
    expect(await badToken.json()).toMatchObject({ code: 'PGRST301' });
    const noTable = await backend.fetch('/rest/v1/nope?rank=between.1', { headers: { apikey: backend.anonKey } });
    expect(noTable.status).toBe(404);
    expect(await noTable.json()).toMatchObject({ code: 'PGRST205' });
  });

  it('refuses upserts and Prefer: missing=default instead of silently inserting otherwise', async () => {
    const upsert = await backend.admin().from('secrets').upsert({ id: 1, value: 'a' });
    expect(upsert.status).toBe(400);
    expect(upsert.error?.code).toBe('PGRST100');
    const defaults = await demo.from('notes').insert([{ title: 'defaults', rank: 99 }], { defaultToNull: false });
    expect(defaults.status).toBe(400);
    expect(defaults.error?.code).toBe('PGRST100');
    expect((await backend.admin().from('notes').select('*', { count: 'exact', head: true }).eq('rank', 99)).count).toBe(0);
  });

  it("answers a GET of a function with PostgREST's 404 for an unknown path: rpc() is POST only here", async () => {
    const viaGet = await demo.rpc('notes_ranked_above', { min_rank: 3 }, { get: true });
    expect(viaGet.status).toBe(404);
    expect(viaGet.error?.code).toBe('PGRST125');
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
