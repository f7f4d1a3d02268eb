import path from 'node:path';

import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signedIn } from './roles';
import { DEMO, STAFF, startTestBackend, type TestBackend } from '../../local-supabase/test/helpers';

// Drafts of refused application forms and the weighted upload budget: server-only, per role.
const MIGRATIONS = path.join(import.meta.dirname, '..', 'migrations');

let backend: TestBackend;
let anon: SupabaseClient;
let client: SupabaseClient;
let staff: SupabaseClient;

const draft = (overrides: Record<string, unknown> = {}) => ({
  locale: 'nl',
  vacancy_slug: null,
  values: { name: 'Sanne' },
  errors: { fields: {}, failure: null },
  ...overrides,
});

beforeAll(async () => {
  backend = await startTestBackend({ migrationsDir: MIGRATIONS });
  anon = backend.client();
  ({ client } = await signedIn(backend, DEMO));
  ({ client: staff } = await signedIn(backend, STAFF));
});
afterAll(async () => {
  await backend?.close();
});

describe('application_drafts', () => {
  it('are written and read by the server (service role) only', async () => {
    const { data, error } = await backend.admin().from('application_drafts').insert(draft()).select('id').single();
    expect(error).toBeNull();
    const id = (data as { id: string }).id;
    for (const caller of [anon, client, staff]) {
      expect((await caller.from('application_drafts').select('id').eq('id', id)).error?.code).toBe('42501');
      expect((await caller.from('application_drafts').insert(draft())).error?.code).toBe('42501');
      expect((await caller.from('application_drafts').update({ locale: 'en' }).eq('id', id)).error?.code).toBe('42501');
      expect((await caller.from('application_drafts').delete().eq('id', id)).error?.code).toBe('42501');
    }
    expect((await backend.admin().from('application_drafts').select('locale').eq('id', id).single()).data).toEqual({ locale: 'nl' });
  });

  it('are forgotten after an hour, whenever a new one is written', async () => {
    const old = await backend
      .admin()
      .from('application_drafts')
      .insert(draft({ created_at: new Date(Date.now() - 61 * 60_000).toISOString() }))
      .select('id')
      .single();
    const oldId = (old.data as { id: string }).id;
    await backend.admin().from('application_drafts').insert(draft());
    expect((await backend.admin().from('application_drafts').select('id').eq('id', oldId)).data).toEqual([]);
  });

  it('refuse a vacancy that is not a slug, or an oversized text', async () => {
    expect(
      (
        await backend
          .admin()
          .from('application_drafts')
          .insert(draft({ vacancy_slug: '../etc' }))
      ).error?.code,
    ).toBe('23514');
    expect(
      (
        await backend
          .admin()
          .from('application_drafts')
          .insert(draft({ values: { motivation: 'x'.repeat(70_000) } }))
      ).error?.code,
    ).toBe('23514');
  });
});

describe('consume_rate_limit_weighted', () => {
  it('counts the weight of each hit against the budget, and stores nothing past it', async () => {
    const admin = backend.admin();
    const hit = async (weight: number) =>
      (await admin.rpc('consume_rate_limit_weighted', { bucket: 'upload:a', weight, max_total: 25, window_seconds: 60 })).data;
    expect([await hit(10), await hit(10), await hit(10), await hit(5)]).toEqual([true, true, false, true]);
    expect(await hit(1)).toBe(false);
  });

  it('refuses a weight below one', async () => {
    const { error } = await backend
      .admin()
      .rpc('consume_rate_limit_weighted', { bucket: 'upload:b', weight: 0, max_total: 25, window_seconds: 60 });
    expect(error?.code).toBe('22023');
  });

  it('is out of reach for anon, signed-in users and staff', async () => {
    for (const caller of [anon, client, staff]) {
      expect(
        (await caller.rpc('consume_rate_limit_weighted', { bucket: 'upload:c', weight: 1, max_total: 5, window_seconds: 60 })).error?.code,
      ).toBe('42501');
    }
  });
});
