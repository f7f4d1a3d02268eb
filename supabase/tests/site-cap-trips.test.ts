import path from 'node:path';

import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { signedIn, staffWithFactor } from './roles';
import { DEMO, STAFF, startTestBackend, type TestBackend } from '../../local-supabase/test/helpers';

// When a site-wide cap refuses visitors, the server records it (service role only); admins at aal2
// read the refusals and each cap's use in its window; nobody else reads them, nobody but the server writes.
const MIGRATIONS = path.join(import.meta.dirname, '..', 'migrations');

let backend: TestBackend;
let service: SupabaseClient;
let adminAal2: SupabaseClient;
let adminAal1: SupabaseClient;
const outsiders: { who: string; client: SupabaseClient }[] = [];

beforeAll(async () => {
  backend = await startTestBackend({ migrationsDir: MIGRATIONS });
  service = backend.admin();
  const admins = await staffWithFactor(backend, ['admin']);
  adminAal2 = admins.aal2;
  ({ client: adminAal1 } = await signedIn(backend, admins.account));
  const others = await staffWithFactor(backend, ['recruiting', 'inbox', 'content']);
  outsiders.push(
    { who: 'a visitor', client: backend.client() },
    { who: 'a client account', client: (await signedIn(backend, DEMO)).client },
    { who: 'staff without a factor', client: (await signedIn(backend, STAFF)).client },
    { who: 'staff at aal2 with every role but admin', client: others.aal2 },
    { who: 'an admin signed in with the password alone', client: adminAal1 },
  );
});
afterAll(async () => {
  await backend?.close();
});

// Each test starts from no refusals and no rate-limit hits, and records what it reads.
beforeEach(async () => {
  const cleared = await Promise.all([
    service.from('site_cap_trips').delete().neq('cap', ''),
    service.from('rate_limit_hits').delete().neq('bucket', ''),
  ]);
  for (const { error } of cleared) if (error !== null) throw error;
});

async function trip(cap: string) {
  const { error } = await service.rpc('record_site_cap_trip', { cap, max_hits: 100, window_seconds: 3600 });
  if (error !== null) throw error;
}

/** Time the three calls below need at most, on a loaded machine. */
const RECORDING_MS = 10_000;

/**
 * Two refusals of the application cap and one of the contact cap, in one minute. A refusal is
 * counted on its minute's row, so when this minute is about to end it waits for the next one:
 * otherwise the two refusals of one cap may land on two rows.
 */
async function recordSomeRefusals() {
  const leftOfMinute = 60_000 - (Date.now() % 60_000);
  if (leftOfMinute < RECORDING_MS) await new Promise((resolve) => setTimeout(resolve, leftOfMinute + 100));
  await trip('application-site');
  await trip('application-site');
  await trip('contact-site');
}

describe('recording a refusal', () => {
  it('counts refusals of one cap within a minute on one row, with the limit it had', async () => {
    await recordSomeRefusals();
    const { data, error } = await service.from('site_cap_trips').select('cap, refusals, max_hits, window_seconds').order('cap');
    expect(error).toBeNull();
    expect(data).toEqual([
      { cap: 'application-site', refusals: 2, max_hits: 100, window_seconds: 3600 },
      { cap: 'contact-site', refusals: 1, max_hits: 100, window_seconds: 3600 },
    ]);
  });

  it('knows only the site-wide caps, never a visitor bucket', async () => {
    const { error } = await service.rpc('record_site_cap_trip', { cap: 'application:some-visitor', max_hits: 3, window_seconds: 3600 });
    expect(error?.code).toBe('23514');
  });

  it('is written by the server only: no one signed in or not records, changes or deletes a refusal', async () => {
    await recordSomeRefusals();
    for (const { who, client } of [...outsiders, { who: 'an admin at aal2', client: adminAal2 }]) {
      const recorded = await client.rpc('record_site_cap_trip', { cap: 'contact-site', max_hits: 1, window_seconds: 60 });
      expect(recorded.error, who).not.toBeNull();
      const inserted = await client
        .from('site_cap_trips')
        .insert({ cap: 'contact-site', minute: new Date().toISOString(), max_hits: 1, window_seconds: 60 });
      expect(inserted.error, who).not.toBeNull();
      await client.from('site_cap_trips').update({ refusals: 999 }).eq('cap', 'application-site');
      await client.from('site_cap_trips').delete().eq('cap', 'application-site');
    }
    const { data } = await service.from('site_cap_trips').select('refusals').eq('cap', 'application-site');
    expect(data).toEqual([{ refusals: 2 }]);
  });
});

describe('keeping the record', () => {
  it('the retention run deletes refusals older than thirty days, and only those', async () => {
    await recordSomeRefusals();
    const old = new Date(Date.now() - 31 * 24 * 3600 * 1000).toISOString();
    const inserted = await service
      .from('site_cap_trips')
      .insert({ cap: 'application-draft-site', minute: old, last_at: old, max_hits: 300, window_seconds: 3600 });
    expect(inserted.error).toBeNull();
    const purged = await service.rpc('purge_old_site_cap_trips');
    expect(purged).toMatchObject({ data: 1, error: null });
    const { data } = await service.from('site_cap_trips').select('cap').order('cap');
    expect(data).toEqual([{ cap: 'application-site' }, { cap: 'contact-site' }]);
    for (const { who, client } of [...outsiders, { who: 'an admin at aal2', client: adminAal2 }]) {
      expect((await client.rpc('purge_old_site_cap_trips')).error, who).not.toBeNull();
    }
  });
});

describe('reading the caps', () => {
  it('admins at aal2 read the refusals and how much of a cap the window has used', async () => {
    await recordSomeRefusals();
    const { data: trips, error } = await adminAal2.from('site_cap_trips').select('cap, refusals').order('cap');
    expect(error).toBeNull();
    expect(trips).toEqual([
      { cap: 'application-site', refusals: 2 },
      { cap: 'contact-site', refusals: 1 },
    ]);
    for (const weight of [3, 4]) {
      const hit = await service.rpc('consume_rate_limit_weighted', {
        bucket: 'application-upload-mib',
        weight,
        max_total: 1000,
        window_seconds: 3600,
      });
      expect(hit.data).toBe(true);
    }
    const used = await adminAal2.rpc('site_cap_usage', { cap: 'application-upload-mib', window_seconds: 3600 });
    expect(used).toMatchObject({ data: 7, error: null });
  });

  it("answers for the site-wide caps only, not for a visitor's bucket", async () => {
    await service.rpc('consume_rate_limit', { bucket: 'application:some-visitor', max_hits: 3, window_seconds: 3600 });
    const used = await adminAal2.rpc('site_cap_usage', { cap: 'application:some-visitor', window_seconds: 3600 });
    expect(used.error?.code).toBe('22023');
  });

  it('nobody else reads them: no rows, and the use is refused', async () => {
    for (const { who, client } of outsiders) {
      const { data } = await client.from('site_cap_trips').select('cap');
      expect(data ?? [], who).toEqual([]);
      const used = await client.rpc('site_cap_usage', { cap: 'application-upload-mib', window_seconds: 3600 });
      expect(used.data, who).toBeNull();
      expect(used.error, who).not.toBeNull();
    }
  });
});
