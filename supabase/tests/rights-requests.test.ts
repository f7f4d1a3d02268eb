import { randomUUID } from 'node:crypto';
import path from 'node:path';

import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signedIn, staffWithFactor } from './roles';
import { DEMO, startTestBackend, type TestBackend } from '../../local-supabase/test/helpers';
import {
  countsOf,
  downloadSubjectFiles,
  eraseSubjectData,
  findSubjectData,
  isStaffAccount,
  logRightsExport,
  readIdentityCheck,
  readSubjectEmail,
  recordRightsRequest,
} from '../../src/lib/rights/subject-data';
import type { Database } from '../../src/lib/supabase/database.types';

const MIGRATIONS = path.join(import.meta.dirname, '..', 'migrations');
const BUCKET = 'applications';
const RECRUITER_ID = randomUUID();
const PDF = 'application/pdf';
/** What a look-up that finds nobody counts. */
const NOBODY = {
  account: 0,
  contactMessages: 0,
  applications: 0,
  applicationFiles: 0,
  applicationNotes: 0,
  applicationAccessLog: 0,
  applicationDrafts: 0,
};

let backend: TestBackend;
let admin: SupabaseClient<Database>;
let anon: SupabaseClient;
let client: SupabaseClient;
let adminAal2: SupabaseClient;
let adminAal1: SupabaseClient;
let adminId: string;
let recruiter: SupabaseClient;

beforeAll(async () => {
  backend = await startTestBackend({ migrationsDir: MIGRATIONS });
  admin = backend.admin();
  anon = backend.client();
  ({ client } = await signedIn(backend, DEMO));
  const staffAdmin = await staffWithFactor(backend, ['admin']);
  adminAal2 = staffAdmin.aal2;
  adminId = staffAdmin.id;
  ({ client: adminAal1 } = await signedIn(backend, staffAdmin.account));
  ({ aal2: recruiter } = await staffWithFactor(backend, ['recruiting']));
});
afterAll(async () => {
  await backend?.close();
});

/** One person's data in every place it can be: an account, a contact message, two applications with files and a note. */
async function seedPerson(email: string) {
  const account = await admin.auth.admin.createUser({ email, password: `pw-${randomUUID()}`, email_confirm: true });
  if (account.error !== null) throw account.error;
  const message = await admin.from('contact_messages').insert({
    name: 'Sanne de Vries',
    email: email.toUpperCase(),
    subject: 'project',
    message: 'Wij zoeken een partner voor een portaal.',
  });
  if (message.error !== null) throw message.error;
  const applicationIds: string[] = [];
  for (const kind of ['cv', 'extra'] as const) {
    const { data, error } = await admin
      .from('applications')
      .insert({ locale: 'nl', vacancy_slug: null, name: 'Sanne de Vries', email, motivation: 'Ik bouw graag toegankelijke interfaces.' })
      .select('id')
      .single();
    if (error !== null) throw error;
    const fileId = randomUUID();
    const objectPath = `${data.id}/${fileId}`;
    const bytes = new TextEncoder().encode(`%PDF-1.4\n% ${kind}\n%%EOF\n`);
    const uploaded = await admin.storage.from(BUCKET).upload(objectPath, new Blob([bytes], { type: PDF }), { contentType: PDF });
    if (uploaded.error !== null) throw uploaded.error;
    const file = await admin.from('application_files').insert({
      id: fileId,
      application_id: data.id,
      kind: 'cv',
      object_path: objectPath,
      file_name: 'cv.pdf',
      content_type: PDF,
      size_bytes: bytes.byteLength,
    });
    if (file.error !== null) throw file.error;
    const note = await admin.from('application_notes').insert({ application_id: data.id, body: 'Uitnodigen.' });
    if (note.error !== null) throw note.error;
    // A recruiter opened the application and downloaded its file (staff_application_open and staff_application_file record it so).
    const logged = await admin.from('application_access_log').insert([
      { application_id: data.id, actor_id: RECRUITER_ID, action: 'open' },
      { application_id: data.id, file_id: fileId, actor_id: RECRUITER_ID, action: 'download' },
    ]);
    if (logged.error !== null) throw logged.error;
    applicationIds.push(data.id);
  }
  // What a form that did not come through kept of what they typed (an hour at most).
  const draft = await admin.from('application_drafts').insert({
    locale: 'nl',
    values: { name: 'Sanne de Vries', email: email.toUpperCase(), motivation: 'Half getypt.' },
    errors: {},
  });
  if (draft.error !== null) throw draft.error;
  return { userId: account.data.user.id, applicationIds };
}

/** How many rows and Storage objects name the person, per place. */
async function countsFor(email: string, seeded: { userId: string; applicationIds: string[] }) {
  const rows = async (query: PromiseLike<{ count: number | null }>) => (await query).count ?? 0;
  const objects = await Promise.all(seeded.applicationIds.map(async (id) => (await admin.storage.from(BUCKET).list(id)).data?.length ?? 0));
  return {
    account: (await admin.rpc('rights_subject_account', { address: email })).data?.length ?? 0,
    contactMessages: await rows(admin.from('contact_messages').select('id', { count: 'exact', head: true }).ilike('email', email)),
    applications: await rows(admin.from('applications').select('id', { count: 'exact', head: true }).eq('email', email)),
    applicationFiles: await rows(
      admin.from('application_files').select('id', { count: 'exact', head: true }).in('application_id', seeded.applicationIds),
    ),
    applicationNotes: await rows(
      admin.from('application_notes').select('id', { count: 'exact', head: true }).in('application_id', seeded.applicationIds),
    ),
    storageObjects: objects.reduce((sum, n) => sum + n, 0),
  };
}

/** The access log's entries on the person's applications: ids and times only. */
async function accessLogOf(seeded: { applicationIds: string[] }) {
  const { data, error } = await admin
    .from('application_access_log')
    .select('application_id, file_id, actor_id, action')
    .in('application_id', seeded.applicationIds);
  if (error !== null) throw error;
  return data;
}

describe('a rights request for one e-mail address', () => {
  it('finds the account, contact messages, applications, files and notes, whatever the case of the address', async () => {
    const email = `sanne-${randomUUID().slice(0, 8)}@example.nl`;
    const seeded = await seedPerson(email);
    const found = await findSubjectData(admin, email.toUpperCase());
    expect(found.account?.id).toBe(seeded.userId);
    expect(countsOf(found)).toEqual({
      account: 1,
      contactMessages: 1,
      applications: 2,
      applicationFiles: 2,
      applicationNotes: 2,
      applicationAccessLog: 4,
      applicationDrafts: 1,
    });
    expect(found.applicationAccessLog).toEqual(
      expect.arrayContaining(
        seeded.applicationIds.flatMap((id) => [
          expect.objectContaining({ application_id: id, actor_id: RECRUITER_ID, action: 'open', file_id: null }),
          expect.objectContaining({ application_id: id, actor_id: RECRUITER_ID, action: 'download' }),
        ]),
      ),
    );
    const files = await downloadSubjectFiles(admin, found);
    expect([...files.keys()].sort()).toEqual(found.applicationFiles.map((file) => file.object_path).sort());
    expect(new TextDecoder().decode([...files.values()][0])).toMatch(/^%PDF-1\.4/);
  });

  it('treats an address with LIKE wildcards as itself, not as a pattern', async () => {
    const email = `w_${randomUUID().slice(0, 6)}@example.nl`;
    await seedPerson(email);
    const found = await findSubjectData(admin, email.replace('_', '%'));
    expect(countsOf(found)).toEqual(NOBODY);
  });

  it.each([
    ["PostgREST's wildcard", (email: string) => email.replace(/^[^@]+/, '*')],
    ['a wildcard for the whole address', () => '*@*.*'],
    ['a wildcard in the domain', (email: string) => email.replace(/@.+$/, '@*')],
  ])('matches exactly: %s finds nobody', async (_name, pattern) => {
    const email = `star-${randomUUID().slice(0, 8)}@example.nl`;
    await seedPerson(email);
    const found = await findSubjectData(admin, pattern(email));
    expect(countsOf(found)).toEqual(NOBODY);
  });

  it("an export is in the access log, one entry an application, in the admin's name", async () => {
    const email = `export-${randomUUID().slice(0, 8)}@example.nl`;
    const seeded = await seedPerson(email);
    const found = await findSubjectData(admin, email);
    expect(await logRightsExport(admin, found, adminId)).toBe(true);
    const entries = (await accessLogOf(seeded)).filter((entry) => entry.action === 'export');
    expect(entries.map((entry) => entry.application_id).sort()).toEqual([...seeded.applicationIds].sort());
    expect(entries.every((entry) => entry.actor_id === adminId && entry.file_id === null)).toBe(true);
    for (const caller of [adminAal2, recruiter, client, anon]) {
      expect((await caller.rpc('log_rights_export', { actor: adminId, application_ids: seeded.applicationIds })).error?.code).toBe('42501');
    }
  });

  it('exports what the privacy statement lists about an account: sessions, factors, sign-in methods, enrolment links, content work; never a secret', async () => {
    const staff = await staffWithFactor(backend, ['content']);
    const found = await findSubjectData(admin, staff.account.email);
    const details = found.accountDetails as {
      sessions: { started_at: string; last_used_at: string; ip_address: string | null; browser: string | null }[];
      factors: { type: string; status: string; name: string }[];
      sign_in_methods: { provider: string; email: string }[];
      enrolment_links: { issued_at: string; used_at: string | null }[];
      content_work: { entries_created: number; revisions: number; redirects: number; images_uploaded: number; audit: unknown[] };
    };
    expect(details.sessions.length).toBeGreaterThan(0);
    expect(details.sessions[0]).toEqual(expect.objectContaining({ started_at: expect.any(String), last_used_at: expect.any(String) }));
    expect(details.factors).toEqual([expect.objectContaining({ type: 'totp', status: 'verified', name: 'phone' })]);
    expect(details.sign_in_methods).toEqual([expect.objectContaining({ provider: 'email', email: staff.account.email })]);
    expect(details.enrolment_links).toEqual([expect.objectContaining({ used_at: expect.any(String) })]);
    expect(details.content_work).toEqual({ entries_created: 0, revisions: 0, redirects: 0, images_uploaded: 0, audit: [] });
    // Nothing that would let anyone sign in as the person.
    expect(JSON.stringify(details)).not.toContain(staff.secret);
    expect(JSON.stringify(details)).not.toMatch(/token_hash|secret|encrypted_password/);
    expect((await findSubjectData(admin, `nobody-${randomUUID().slice(0, 8)}@example.nl`)).accountDetails).toBeNull();
  });

  it('the account details and the earlier requests are for the service alone', async () => {
    const subject = (await findSubjectData(admin, DEMO.email)).account?.id ?? '';
    for (const caller of [adminAal2, recruiter, client, anon]) {
      expect((await caller.rpc('rights_subject_account_details', { subject })).error?.code).toBe('42501');
      expect((await caller.rpc('rights_subject_requests', { key: 'k'.repeat(32) })).error?.code).toBe('42501');
    }
    const key = `test-key-${randomUUID()}`;
    expect(
      await recordRightsRequest(admin, {
        kind: 'export',
        actorId: adminId,
        subjectKey: key,
        counts: NOBODY,
        identityCheck: 'same_address',
      }),
    ).toBe(true);
    const earlier = await admin.rpc('rights_subject_requests', { key });
    expect(earlier.data).toEqual([expect.objectContaining({ kind: 'export', identity_check: 'same_address' })]);
    // The record of requests is what another test reads whole.
    expect((await admin.from('rights_requests').delete().eq('subject_key', key)).error).toBeNull();
  });

  it('the record of requests goes after five years, as the privacy statement says, and only the service may purge it', async () => {
    const key = `purge-key-${randomUUID()}`;
    const old = new Date(Date.now() - (5 * 365 + 2) * 86_400_000).toISOString();
    const recent = new Date(Date.now() - (5 * 365 - 2) * 86_400_000).toISOString();
    const inserted = await admin.from('rights_requests').insert([
      { kind: 'export', actor_id: adminId, subject_key: key, counts: NOBODY, identity_check: 'same_address', requested_at: old },
      { kind: 'erasure', actor_id: adminId, subject_key: key, counts: NOBODY, identity_check: 'same_address', requested_at: recent },
    ]);
    expect(inserted.error).toBeNull();
    for (const caller of [adminAal2, recruiter, client, anon])
      expect((await caller.rpc('purge_old_rights_requests')).error?.code).toBe('42501');
    expect((await admin.rpc('purge_old_rights_requests')).data).toBe(1);
    expect((await admin.rpc('rights_subject_requests', { key })).data).toEqual([expect.objectContaining({ kind: 'erasure' })]);
    expect((await admin.from('rights_requests').delete().eq('subject_key', key)).error).toBeNull();
  });

  it('knows a staff account, which a rights erasure leaves to staff administration', async () => {
    const staff = await staffWithFactor(backend, ['recruiting']);
    expect(isStaffAccount(await findSubjectData(admin, staff.account.email))).toBe(true);
    const client = `klant-${randomUUID().slice(0, 8)}@example.nl`;
    await seedPerson(client);
    expect(isStaffAccount(await findSubjectData(admin, client))).toBe(false);
  });

  it('erasure leaves nothing behind, in the tables or in Storage, and nothing of anyone else goes', async () => {
    const email = `erase-${randomUUID().slice(0, 8)}@example.nl`;
    const other = `other-${randomUUID().slice(0, 8)}@example.nl`;
    const seeded = await seedPerson(email);
    const kept = await seedPerson(other);
    const before = await countsFor(email, seeded);
    expect(before).toEqual({
      account: 1,
      contactMessages: 1,
      applications: 2,
      applicationFiles: 2,
      applicationNotes: 2,
      storageObjects: 2,
    });
    const otherBefore = await countsFor(other, kept);
    const logBefore = await accessLogOf(seeded);
    expect(logBefore).toHaveLength(4);

    const result = await eraseSubjectData(admin, await findSubjectData(admin, email));
    expect(result).toEqual({
      erased: {
        account: 1,
        contactMessages: 1,
        applications: 2,
        applicationFiles: 2,
        applicationNotes: 2,
        applicationAccessLog: 0,
        applicationDrafts: 1,
      },
      failed: false,
    });
    // The access log stays for its year, as the privacy statement says, holding ids and times that
    // no longer lead to an application or an address.
    expect(await accessLogOf(seeded)).toEqual(logBefore);
    expect(JSON.stringify(logBefore)).not.toContain(email);
    expect(await findSubjectData(admin, email)).toMatchObject({ applications: [], applicationAccessLog: [] });
    expect(await countsFor(email, seeded)).toEqual({
      account: 0,
      contactMessages: 0,
      applications: 0,
      applicationFiles: 0,
      applicationNotes: 0,
      storageObjects: 0,
    });
    expect(await countsFor(other, kept)).toEqual(otherBefore);
  });
});

describe('the address a rights request names', () => {
  it.each(['sanne@example.nl', ' Sanne.de_Vries+cv@example.co.uk ', "o'brien@example.ie"])('is accepted as typed: %j', (typed) => {
    expect(readSubjectEmail(typed)).toBe(typed.trim());
  });

  it.each(['*@*.*', 'sanne*@example.nl', 'sanne@*.nl', '%@example.nl', 'sanne', 'a@b', 'sanne @example.nl', ''])(
    'is refused: %j',
    (typed) => {
      expect(readSubjectEmail(typed)).toBeNull();
    },
  );

  it('is refused when it is not a string', () => {
    expect(readSubjectEmail(['sanne@example.nl'])).toBeNull();
    expect(readSubjectEmail(null)).toBeNull();
  });
});

describe('the record of rights requests', () => {
  it('keeps kind, time, actor, an HMAC and counts; only admins at aal2 read it, and only the server writes it', async () => {
    const counts = {
      account: 1,
      contactMessages: 0,
      applications: 2,
      applicationFiles: 2,
      applicationNotes: 1,
      applicationAccessLog: 3,
      applicationDrafts: 0,
    };
    expect(
      await recordRightsRequest(admin, {
        kind: 'erasure',
        actorId: adminId,
        subjectKey: 'k'.repeat(32),
        counts,
        identityCheck: 'same_address',
      }),
    ).toBe(true);
    const { data } = await adminAal2.from('rights_requests').select('kind, actor_id, subject_key, counts, identity_check');
    expect(data).toEqual([{ kind: 'erasure', actor_id: adminId, subject_key: 'k'.repeat(32), counts, identity_check: 'same_address' }]);
    for (const [who, caller] of [
      ['admin at aal1', adminAal1],
      ['recruiting staff', recruiter],
      ['a client', client],
    ] as const) {
      expect((await caller.from('rights_requests').select('id')).data, who).toEqual([]);
    }
    expect((await anon.from('rights_requests').select('id')).error?.code).toBe('42501');
    for (const caller of [adminAal2, recruiter, client, anon]) {
      const row = { kind: 'export', subject_key: 'x'.repeat(32) };
      expect((await caller.from('rights_requests').insert(row)).error?.code).toBe('42501');
      expect((await caller.from('rights_requests').delete().neq('kind', '')).data ?? []).toEqual([]);
    }
    expect((await admin.from('rights_requests').select('id')).data).toHaveLength(1);
  });

  it('keeps only the two ways of checking a request the tool offers', async () => {
    const row = { kind: 'export', subject_key: 'i'.repeat(32), identity_check: 'a phone call' };
    expect((await admin.from('rights_requests').insert(row)).error?.code).toBe('23514');
    expect(readIdentityCheck('confirmed_from_address')).toBe('confirmed_from_address');
    for (const value of ['', 'phone', null, ['same_address']]) expect(readIdentityCheck(value)).toBeNull();
  });

  it('the lookups answer to the service role only', async () => {
    for (const caller of [adminAal2, recruiter, client, anon]) {
      for (const lookup of ['rights_subject_account', 'rights_subject_applications', 'rights_subject_contact_messages'] as const) {
        expect((await caller.rpc(lookup, { address: DEMO.email })).error?.code, lookup).toBe('42501');
      }
    }
  });
});
