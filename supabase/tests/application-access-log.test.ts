import { randomUUID } from 'node:crypto';
import path from 'node:path';

import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signedIn, staffWithFactor } from './roles';
import { DEMO, STAFF, startTestBackend, type TestBackend } from '../../local-supabase/test/helpers';

// The application access log: the functions through which recruiting staff at aal2 read
// applications record, in their name and in the same transaction, each list, opening and download;
// only admins at aal2 read the entries; nobody changes or deletes them, except the retention run a
// year later.
const MIGRATIONS = path.join(import.meta.dirname, '..', 'migrations');

let backend: TestBackend;
let admin: SupabaseClient;
let anon: SupabaseClient;
let client: SupabaseClient;
let staffNoFactor: SupabaseClient;
let recruitingAal1: SupabaseClient;
let recruitingAal2: SupabaseClient;
let recruitingId: string;
let adminAal2: SupabaseClient;
let adminAal1: SupabaseClient;
let applicationId: string;
let fileId: string;

async function seedApplication(): Promise<string> {
  const { data, error } = await admin
    .from('applications')
    .insert({
      locale: 'nl',
      vacancy_slug: null,
      name: 'Noor Bakker',
      email: 'noor@example.nl',
      motivation: 'Graag bij jullie.',
      completed_at: new Date().toISOString(),
    })
    .select('id')
    .single();
  if (error !== null) throw error;
  return (data as { id: string }).id;
}

async function seedFileRow(application: string): Promise<string> {
  const id = randomUUID();
  const { error } = await admin.from('application_files').insert({
    id,
    application_id: application,
    kind: 'cv',
    object_path: `${application}/${id}`,
    file_name: 'cv.pdf',
    content_type: 'application/pdf',
    size_bytes: 10,
  });
  if (error !== null) throw error;
  return id;
}

async function entries(): Promise<{ application_id: string; file_id: string | null; actor_id: string; action: string; at: string }[]> {
  const { data, error } = await admin.from('application_access_log').select('application_id, file_id, actor_id, action, at');
  if (error !== null) throw error;
  return data as { application_id: string; file_id: string | null; actor_id: string; action: string; at: string }[];
}

beforeAll(async () => {
  backend = await startTestBackend({ migrationsDir: MIGRATIONS });
  admin = backend.admin();
  anon = backend.client();
  ({ client } = await signedIn(backend, DEMO));
  ({ client: staffNoFactor } = await signedIn(backend, STAFF));
  const recruiting = await staffWithFactor(backend, ['recruiting']);
  recruitingAal2 = recruiting.aal2;
  recruitingId = recruiting.id;
  ({ client: recruitingAal1 } = await signedIn(backend, recruiting.account));
  const admins = await staffWithFactor(backend, ['admin']);
  adminAal2 = admins.aal2;
  ({ client: adminAal1 } = await signedIn(backend, admins.account));
  applicationId = await seedApplication();
  fileId = await seedFileRow(applicationId);
});
afterAll(async () => {
  await backend?.close();
});

describe('recording an access', () => {
  it('opening an application and downloading its file are recorded in the staff member’s name as they are answered', async () => {
    expect((await recruitingAal2.rpc('staff_application_open', { wanted_application: applicationId })).data).not.toBeNull();
    expect(
      (await recruitingAal2.rpc('staff_application_file', { wanted_application: applicationId, wanted_file: fileId })).data,
    ).toHaveLength(1);
    expect(await entries()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ application_id: applicationId, file_id: null, actor_id: recruitingId, action: 'open' }),
        expect.objectContaining({ application_id: applicationId, file_id: fileId, actor_id: recruitingId, action: 'download' }),
      ]),
    );
  });

  it('records nothing for an application that does not exist or is on its way out, or a file of another application', async () => {
    const before = (await entries()).length;
    const other = await seedApplication();
    const otherFile = await seedFileRow(other);
    const leaving = await seedApplication();
    await admin.from('applications').update({ deletion_requested_at: new Date().toISOString() }).eq('id', leaving);
    for (const id of [randomUUID(), leaving]) {
      expect((await recruitingAal2.rpc('staff_application_open', { wanted_application: id })).data, id).toBeNull();
    }
    for (const [id, file] of [
      [applicationId, otherFile],
      [leaving, fileId],
    ] as const) {
      expect((await recruitingAal2.rpc('staff_application_file', { wanted_application: id, wanted_file: file })).data).toEqual([]);
    }
    expect((await entries()).length).toBe(before);
  });

  it('nobody else records anything, or writes an entry of their own', async () => {
    const before = (await entries()).length;
    for (const [who, caller] of [
      ['anon', anon],
      ['client', client],
      ['staff without a factor', staffNoFactor],
      ['recruiting at aal1', recruitingAal1],
      ['admin at aal2', adminAal2],
    ] as const) {
      const { error } = await caller.rpc('staff_application_open', { wanted_application: applicationId });
      expect(error?.code, who).toBe('42501');
      const insert = await caller
        .from('application_access_log')
        .insert({ application_id: applicationId, actor_id: recruitingId, action: 'open' });
      expect(insert.error?.code, who).toBe('42501');
    }
    expect((await entries()).length).toBe(before);
  });
});

describe('reading and keeping the log', () => {
  it('only admins at aal2 read the entries, with the staff member’s e-mail address', async () => {
    expect((await recruitingAal2.rpc('staff_application_open', { wanted_application: applicationId })).data).not.toBeNull();
    for (const [who, caller] of [
      ['anon', anon],
      ['client', client],
      ['staff without a factor', staffNoFactor],
      ['recruiting at aal1', recruitingAal1],
      ['recruiting at aal2', recruitingAal2],
      ['admin at aal1', adminAal1],
    ] as const) {
      const { data } = await caller.from('application_access_log').select('id');
      expect(data ?? [], who).toEqual([]);
      if (who !== 'anon') expect((await caller.rpc('application_access_log_recent')).error?.code, who).toBe('42501');
    }
    const { data: rows } = await adminAal2.from('application_access_log').select('application_id');
    expect(rows?.length).toBeGreaterThan(0);
    const { data, error } = await adminAal2.rpc('application_access_log_recent', { max_rows: 10 });
    expect(error).toBeNull();
    expect(data?.[0]).toMatchObject({ application_id: applicationId, actor_email: expect.stringMatching(/@bitwerf\.nl$/) });
  });

  it('nobody changes or deletes an entry, admins included', async () => {
    expect((await recruitingAal2.rpc('staff_application_open', { wanted_application: applicationId })).data).not.toBeNull();
    const before = await entries();
    for (const caller of [client, recruitingAal2, adminAal2]) {
      await caller.from('application_access_log').update({ actor_id: randomUUID() }).eq('application_id', applicationId);
      await caller.from('application_access_log').delete().eq('application_id', applicationId);
    }
    expect(await entries()).toEqual(before);
  });

  it('the retention run deletes entries older than a year and keeps the rest', async () => {
    const old = randomUUID();
    const recent = randomUUID();
    const day = 86_400_000;
    const { error } = await admin.from('application_access_log').insert([
      { application_id: old, actor_id: recruitingId, action: 'open', at: new Date(Date.now() - 366 * day).toISOString() },
      { application_id: recent, actor_id: recruitingId, action: 'open', at: new Date(Date.now() - 364 * day).toISOString() },
    ]);
    expect(error).toBeNull();
    expect((await recruitingAal2.rpc('purge_old_application_access_log')).error?.code).toMatch(/^(42501|PGRST202)$/);
    const purged = await admin.rpc('purge_old_application_access_log');
    expect(purged).toMatchObject({ error: null, data: 1 });
    const left = (await entries()).map((entry) => entry.application_id);
    expect(left).toContain(recent);
    expect(left).not.toContain(old);
  });
});
