import { randomUUID } from 'node:crypto';
import path from 'node:path';

import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signedIn, staffWithFactor } from './roles';
import { DEMO, STAFF, startTestBackend, type TestBackend } from '../../local-supabase/test/helpers';
import { deleteApplicationsWith } from '../../src/lib/recruiting/application-deletion';
import { talentPoolExit } from '../../src/lib/recruiting/application-status';
import { purgeExpiredApplicationsWith, purgeOldApplicationDraftsWith } from '../../src/lib/recruiting/retention';

// The site's real migrations, then job applications, their files (table and Storage bucket)
// and notes, exercised per role: anon, a client, staff without a factor (the seeded account),
// one recruiting staff member with a verified factor signed in with the password alone (aal1) and
// with the code too (aal2), staff at aal2 without the recruiting role, and the service role,
// which is the site's server.
const MIGRATIONS = path.join(import.meta.dirname, '..', 'migrations');
const BUCKET = 'applications';
const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

let backend: TestBackend;
let admin: SupabaseClient;
let anon: SupabaseClient;
let client: SupabaseClient;
let staffNoFactor: SupabaseClient;
let staffAal1: SupabaseClient;
let staffAal2: SupabaseClient;
let staffAal2Id: string;
let inboxStaff: SupabaseClient;
let contentAndAdminStaff: SupabaseClient;

/** Every caller that is not staff at aal2, with a name for the failure message. */
const outsiders = (): [string, SupabaseClient][] => [
  ['anon', anon],
  ['client', client],
  ['staff without a factor', staffNoFactor],
  ['staff at aal1', staffAal1],
  // At aal2, but without the recruiting role: the Dutch DPA expects access for those involved only.
  ['inbox staff at aal2', inboxStaff],
  ['content and admin staff at aal2', contentAndAdminStaff],
];

const application = (overrides: Record<string, unknown> = {}) => ({
  locale: 'nl',
  vacancy_slug: 'senior-frontend-developer',
  vacancy_title: 'Senior frontend developer',
  name: 'Noor Bakker',
  email: 'noor@example.nl',
  phone: '+31 6 12345678',
  profile_url: 'https://www.linkedin.com/in/noor-bakker',
  motivation: 'Ik bouw graag toegankelijke interfaces en wil dat bij jullie doen.',
  ...overrides,
});

const pdfBytes = (text = 'CV') => new TextEncoder().encode(`%PDF-1.4\n% ${text}\n%%EOF\n`);

type Row = Record<string, unknown> & { id: string };

async function seedApplication(overrides: Record<string, unknown> = {}): Promise<string> {
  const { data, error } = await admin.from('applications').insert(application(overrides)).select('id').single();
  if (error !== null) throw error;
  return (data as { id: string }).id;
}

/** A stored file as the site's server stores one: the object first, then its row. */
async function seedFile(applicationId: string, kind: 'cv' | 'extra' = 'cv'): Promise<{ id: string; objectPath: string }> {
  const id = randomUUID();
  const objectPath = `${applicationId}/${id}`;
  const uploaded = await admin.storage.from(BUCKET).upload(objectPath, new Blob([pdfBytes(kind)], { type: PDF }), { contentType: PDF });
  if (uploaded.error !== null) throw uploaded.error;
  const { error } = await admin.from('application_files').insert({
    id,
    application_id: applicationId,
    kind,
    object_path: objectPath,
    file_name: `${kind} Noor Bakker.pdf`,
    content_type: PDF,
    size_bytes: pdfBytes(kind).byteLength,
  });
  if (error !== null) throw error;
  return { id, objectPath };
}

async function storedApplication(id: string): Promise<Row | null> {
  const { data, error } = await admin.from('applications').select('*').eq('id', id).maybeSingle();
  if (error !== null) throw error;
  return data as Row | null;
}

async function storedObjects(applicationId: string): Promise<string[]> {
  const { data, error } = await admin.storage.from(BUCKET).list(applicationId);
  if (error !== null) throw error;
  return data.map((entry) => entry.name);
}

/** What staff_application_open() hands this caller: the application with its files and notes, or null. */
async function opened(caller: SupabaseClient, id: string) {
  const { data, error } = await caller.rpc('staff_application_open', { wanted_application: id });
  if (error !== null) throw error;
  return data as {
    application: { id: string; email: string };
    files: { id: string; file_name: string }[];
    notes: { body: string; author_id: string | null }[];
  } | null;
}

/** The ids one list page shows this caller (every filter open). */
async function listed(caller: SupabaseClient): Promise<string[]> {
  const { data, error } = await caller.rpc('staff_applications_page', { first_row: 0, row_count: 100 });
  if (error !== null) throw error;
  return (data as { id: string }[]).map((row) => row.id);
}

/** The access log's entries on an application: who did what. */
async function logOf(id: string) {
  const { data, error } = await admin
    .from('application_access_log')
    .select('actor_id, action, file_id')
    .eq('application_id', id)
    .order('id');
  if (error !== null) throw error;
  return data;
}

/** An instant as ISO text, `ms` before now. */
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const FOUR_WEEKS = 28 * DAY;
/** The same instant a calendar year ago, as Postgres's `interval '1 year'` counts it. */
function aYearAgo(plusMs = 0): string {
  const then = new Date();
  then.setUTCFullYear(then.getUTCFullYear() - 1);
  return new Date(then.getTime() - plusMs).toISOString();
}

let seededId: string;
let seededFile: { id: string; objectPath: string };

beforeAll(async () => {
  backend = await startTestBackend({ migrationsDir: MIGRATIONS });
  admin = backend.admin();
  anon = backend.client();
  ({ client } = await signedIn(backend, DEMO));
  ({ client: staffNoFactor } = await signedIn(backend, STAFF));
  // The recruiting role alone is what applications need.
  const staff = await staffWithFactor(backend, ['recruiting']);
  staffAal2 = staff.aal2;
  staffAal2Id = staff.id;
  // Signed in after the factor was verified, so the verification does not end this session.
  ({ client: staffAal1 } = await signedIn(backend, staff.account));
  ({ aal2: inboxStaff } = await staffWithFactor(backend, ['inbox']));
  ({ aal2: contentAndAdminStaff } = await staffWithFactor(backend, ['content', 'admin']));
  seededId = await seedApplication({ email: 'gezien@example.nl' });
  seededFile = await seedFile(seededId);
  const note = await admin.from('application_notes').insert({ application_id: seededId, body: 'Sterk portfolio.', author_id: staffAal2Id });
  if (note.error !== null) throw note.error;
});
afterAll(async () => {
  await backend?.close();
});

describe('reading applications, files and notes', () => {
  it('recruiting staff at aal2 read an application with its files and notes, and the list, each access logged as it is answered', async () => {
    const before = (await logOf(seededId)).length;
    const detail = await opened(staffAal2, seededId);
    expect(detail?.application).toMatchObject({ id: seededId, email: 'gezien@example.nl' });
    expect(detail?.files).toEqual([expect.objectContaining({ id: seededFile.id, file_name: 'cv Noor Bakker.pdf' })]);
    expect(detail?.notes).toEqual([expect.objectContaining({ body: 'Sterk portfolio.', author_id: staffAal2Id })]);
    expect(await listed(staffAal2)).toContain(seededId);
    expect((await logOf(seededId)).slice(before)).toEqual([
      { actor_id: staffAal2Id, action: 'open', file_id: null },
      { actor_id: staffAal2Id, action: 'list', file_id: null },
    ]);
  });

  it('nobody reads the tables directly, recruiting staff at aal2 included: no entry, no access', async () => {
    for (const table of ['applications', 'application_files', 'application_notes']) {
      for (const [who, caller] of [...outsiders(), ['staff at aal2', staffAal2] as [string, SupabaseClient]]) {
        const { data, error } = await caller.from(table).select('id');
        expect(error?.code, `${who} ${table}`).toBe('42501');
        expect(data, `${who} ${table}`).toBeNull();
      }
    }
  });

  it('a client, staff without a factor, staff at aal1 and staff without the recruiting role get nothing from the functions either', async () => {
    const before = (await logOf(seededId)).length;
    for (const [who, caller] of outsiders()) {
      const calls = [
        caller.rpc('staff_application_open', { wanted_application: seededId }),
        caller.rpc('staff_applications_page', { first_row: 0, row_count: 10 }),
        caller.rpc('staff_applications_count', {}),
        caller.rpc('staff_application_state', { wanted_application: seededId }),
        caller.rpc('staff_application_file', { wanted_application: seededId, wanted_file: seededFile.id }),
        caller.rpc('add_application_note', { wanted_application: seededId, note_body: 'Niet van mij.' }),
      ];
      for (const answer of await Promise.all(calls)) expect(answer.error?.code, who).toBe('42501');
    }
    expect(await logOf(seededId)).toHaveLength(before);
  });

  it('the count and the state carry no applicant data and write no entry', async () => {
    const before = (await logOf(seededId)).length;
    const counted = await staffAal2.rpc('staff_applications_count', {});
    expect(Number(counted.data)).toBeGreaterThan(0);
    const state = await staffAal2.rpc('staff_application_state', { wanted_application: seededId }).single();
    expect(Object.keys(state.data ?? {}).sort()).toEqual(['created_at', 'procedure_ended_at', 'status']);
    expect(await logOf(seededId)).toHaveLength(before);
  });

  it('the vacancy summary counts what staff may read, and nothing for anyone else', async () => {
    await seedApplication({ vacancy_slug: 'backend-developer', vacancy_title: 'Backend developer' });
    await seedApplication({ vacancy_slug: null, vacancy_title: null });
    const { data, error } = await staffAal2.rpc('application_vacancies');
    expect(error).toBeNull();
    const rows = data as { vacancy_slug: string | null; vacancy_title: string | null; total: number; new_count: number }[];
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ vacancy_slug: 'backend-developer', vacancy_title: 'Backend developer', total: 1, new_count: 1 }),
        expect.objectContaining({ vacancy_slug: null, vacancy_title: null }),
      ]),
    );
    for (const [who, caller] of outsiders()) {
      const answer = await caller.rpc('application_vacancies');
      if (who === 'anon') expect(answer.error?.code).toBe('42501');
      else expect(answer.data, who).toEqual([]);
    }
  });
});

describe('writing applications and files', () => {
  it('only the server (service role) stores applications and files', async () => {
    for (const [who, caller] of [...outsiders(), ['staff at aal2', staffAal2] as [string, SupabaseClient]]) {
      const inserted = await caller.from('applications').insert(application({ email: 'niet-opgeslagen@example.nl' }));
      expect(inserted.error?.code, who).toBe('42501');
      const file = await caller.from('application_files').insert({
        application_id: seededId,
        kind: 'extra',
        object_path: `${seededId}/${randomUUID()}`,
        file_name: 'x.pdf',
        content_type: PDF,
        size_bytes: 10,
      });
      expect(file.error?.code, who).toBe('42501');
    }
    const { count } = await admin
      .from('applications')
      .select('id', { count: 'exact', head: true })
      .eq('email', 'niet-opgeslagen@example.nl');
    expect(count).toBe(0);
    expect((await admin.from('application_files').select('id').eq('application_id', seededId).eq('kind', 'extra')).data).toEqual([]);
  });

  it('nobody but the server updates or deletes them, staff at aal2 included', async () => {
    for (const [who, caller] of [...outsiders(), ['staff at aal2', staffAal2] as [string, SupabaseClient]]) {
      expect((await caller.from('applications').update({ motivation: 'Iets anders.' }).eq('id', seededId)).error?.code, who).toBe('42501');
      expect((await caller.from('applications').delete().eq('id', seededId)).error?.code, who).toBe('42501');
      expect((await caller.from('application_files').update({ file_name: 'anders.pdf' }).eq('id', seededFile.id)).error?.code, who).toBe(
        '42501',
      );
      expect((await caller.from('application_files').delete().eq('id', seededFile.id)).error?.code, who).toBe('42501');
    }
    expect(await storedApplication(seededId)).toMatchObject({ motivation: application().motivation });
    expect((await admin.from('application_files').select('file_name').eq('id', seededFile.id).single()).data).toEqual({
      file_name: 'cv Noor Bakker.pdf',
    });
  });

  it('the database refuses what breaks the rules, even from the server', async () => {
    const refused: Record<string, unknown>[] = [
      { locale: 'de' },
      { vacancy_slug: 'Senior Developer' },
      { vacancy_slug: '-dev' },
      { vacancy_slug: 'a'.repeat(101) },
      { name: '' },
      { name: 'n'.repeat(101) },
      { email: 'geen-adres' },
      { email: 'noor@example.nl?cc=spy@evil.example' },
      { phone: '0'.repeat(31) },
      { profile_url: 'javascript:alert(1)' },
      { profile_url: 'www.example.nl' },
      { profile_url: `https://example.nl/${'x'.repeat(290)}` },
      { profile_url: 'https://example.nl/a b' },
      { motivation: '' },
      { motivation: 'm'.repeat(4001) },
      { created_at: new Date(Date.now() + 3_600_000).toISOString() },
    ];
    for (const change of refused) {
      expect((await admin.from('applications').insert(application(change))).error?.code, JSON.stringify(change).slice(0, 80)).toBe('23514');
    }
    const accepted: Record<string, unknown>[] = [
      { vacancy_slug: null, vacancy_title: null, phone: null, profile_url: null },
      { profile_url: 'http://portfolio.example.nl/' },
      { name: 'n'.repeat(100), motivation: 'm'.repeat(4000), vacancy_slug: 'a'.repeat(100) },
    ];
    for (const change of accepted) {
      expect((await admin.from('applications').insert(application(change))).error, JSON.stringify(change).slice(0, 80)).toBeNull();
    }
    expect((await admin.from('applications').insert({ ...application(), status: 'archived' })).error?.code).toBe('22P02');
  });

  it('file rows name an object of UUIDs in the application’s folder, one CV and one extra, of the allowed types and sizes', async () => {
    const id = await seedApplication();
    const row = (overrides: Record<string, unknown> = {}) => ({
      application_id: id,
      kind: 'cv',
      object_path: `${id}/${randomUUID()}`,
      file_name: 'cv.pdf',
      content_type: PDF,
      size_bytes: 1000,
      ...overrides,
    });
    for (const change of [
      { kind: 'photo' },
      { object_path: `${id}/CV Noor Bakker.pdf` },
      { object_path: `${seededId}/${randomUUID()}` },
      { object_path: `${id}/${randomUUID()}.pdf` },
      { file_name: '' },
      { file_name: 'f'.repeat(256) },
      { content_type: 'image/png' },
      { content_type: 'application/msword' },
      { size_bytes: 0 },
      { size_bytes: 10_485_761 },
    ]) {
      expect((await admin.from('application_files').insert(row(change))).error?.code, JSON.stringify(change)).toBe('23514');
    }
    expect((await admin.from('application_files').insert(row({ size_bytes: 10_485_760 }))).error).toBeNull();
    expect((await admin.from('application_files').insert(row())).error?.code).toBe('23505');
    expect(
      (await admin.from('application_files').insert(row({ kind: 'extra', content_type: DOCX, file_name: 'brief.docx' }))).error,
    ).toBeNull();
  });
});

describe('changing the status', () => {
  it('staff at aal2 move an application through the pipeline; the database records who and when', async () => {
    const id = await seedApplication({ created_at: ago(DAY) });
    const before = Date.now();
    for (const status of ['in_review', 'interview', 'offer']) {
      const { data, error } = await staffAal2.rpc('set_application_status', { application_id: id, new_status: status });
      expect(error).toBeNull();
      expect(data).toBe(true);
      const row = await storedApplication(id);
      expect(row).toMatchObject({ status, status_changed_by: staffAal2Id, procedure_ended_at: null });
      expect(Math.abs(new Date(String(row?.status_changed_at)).getTime() - before)).toBeLessThan(10_000);
    }
    // The same status again changes nothing, and says so.
    const again = await staffAal2.rpc('set_application_status', { application_id: id, new_status: 'offer' });
    expect(again.data).toBe(false);
    // An id that names nothing changes nothing.
    expect((await staffAal2.rpc('set_application_status', { application_id: randomUUID(), new_status: 'offer' })).data).toBe(false);
  });

  it('procedure_ended_at follows the status: set on hired or rejected, kept between them, cleared when it reopens', async () => {
    const id = await seedApplication();
    const set = async (status: string) => {
      const { error } = await staffAal2.rpc('set_application_status', { application_id: id, new_status: status });
      expect(error).toBeNull();
      return (await storedApplication(id))?.procedure_ended_at as string | null;
    };
    expect(await set('interview')).toBeNull();
    const ended = await set('rejected');
    expect(ended).not.toBeNull();
    expect(Math.abs(new Date(ended ?? 0).getTime() - Date.now())).toBeLessThan(10_000);
    // A correction from rejected to hired keeps the moment the procedure ended.
    expect(await set('hired')).toBe(ended);
    expect(await set('offer')).toBeNull();
    expect(await set('hired')).not.toBeNull();

    // The server inserting a decided application gets the same, and a reopened one loses it.
    const decided = await seedApplication({ status: 'rejected' });
    expect((await storedApplication(decided))?.procedure_ended_at).not.toBeNull();
    expect((await admin.from('applications').update({ status: 'in_review' }).eq('id', decided)).error).toBeNull();
    expect(await storedApplication(decided)).toMatchObject({ procedure_ended_at: null, status_changed_by: null });
  });

  it('nobody else changes the status: not aal1 staff, staff without a factor or the recruiting role, clients or anon', async () => {
    const id = await seedApplication();
    for (const [who, caller] of outsiders()) {
      expect((await caller.rpc('set_application_status', { application_id: id, new_status: 'hired' })).error?.code, who).toBe('42501');
    }
    expect(await storedApplication(id)).toMatchObject({ status: 'new', status_changed_by: null, procedure_ended_at: null });
  });

  it('the status and its history cannot be written directly, so nobody backdates or signs for someone else', async () => {
    const id = await seedApplication();
    const forged = {
      status: 'rejected',
      status_changed_at: '2000-01-01T00:00:00Z',
      status_changed_by: staffAal2Id,
      procedure_ended_at: '2000-01-01T00:00:00Z',
    };
    for (const [who, caller] of [...outsiders(), ['staff at aal2', staffAal2] as [string, SupabaseClient]]) {
      for (const [column, value] of Object.entries(forged)) {
        const { data, error } = await caller
          .from('applications')
          .update({ [column]: value })
          .eq('id', id)
          .select('id');
        // Refused outright (no update privilege), never "updated zero rows" by luck of a policy.
        expect(error?.code, `${who} ${column}`).toBe('42501');
        expect(data).toBeNull();
      }
    }
    expect(await storedApplication(id)).toMatchObject({ status: 'new', status_changed_by: null, procedure_ended_at: null });
  });

  it('even the server cannot date the history before the application or after now', async () => {
    const id = await seedApplication({ created_at: ago(DAY) });
    expect(
      (
        await admin
          .from('applications')
          .update({ status_changed_at: ago(2 * DAY) })
          .eq('id', id)
      ).error?.code,
    ).toBe('23514');
    expect(
      (
        await admin
          .from('applications')
          .update({ status_changed_at: new Date(Date.now() + 3_600_000).toISOString() })
          .eq('id', id)
      ).error?.code,
    ).toBe('23514');
    // An open procedure has not ended, and a decided one has.
    expect(
      (
        await admin
          .from('applications')
          .update({ procedure_ended_at: ago(MINUTE) })
          .eq('id', id)
      ).error?.code,
    ).toBe('23514');
    expect((await admin.from('applications').update({ status: 'hired' }).eq('id', id)).error).toBeNull();
    expect((await admin.from('applications').update({ procedure_ended_at: null }).eq('id', id)).error?.code).toBe('23514');
    expect(
      (
        await admin
          .from('applications')
          .update({ procedure_ended_at: ago(2 * DAY) })
          .eq('id', id)
      ).error?.code,
    ).toBe('23514');
    // The server's own status change is recorded too, as nobody's in particular.
    expect(await storedApplication(id)).toMatchObject({ status: 'hired', status_changed_by: null });
  });
});

describe("the applicant's requests, honoured by staff", () => {
  it('staff at aal2 take an application out of the talent pool; the four-week rule then applies', async () => {
    const id = await seedApplication({
      talent_pool: true,
      status: 'rejected',
      created_at: ago(FOUR_WEEKS + 2 * DAY),
      procedure_ended_at: ago(FOUR_WEEKS + MINUTE),
    });
    expect((await admin.rpc('applications_past_retention')).data).not.toContain(id);
    expect((await staffAal2.rpc('take_out_of_talent_pool', { application_id: id })).data).toBe(true);
    expect(await storedApplication(id)).toMatchObject({ talent_pool: false });
    expect((await staffAal2.rpc('take_out_of_talent_pool', { application_id: id })).data).toBe(false);
    expect((await admin.rpc('applications_past_retention')).data).toContain(id);
  });

  it("the pages' talentPoolExit() says 'now' exactly when the database would delete the application out of the pool", async () => {
    // The withdraw page and the staff page tell the applicant or recruiter before the click what
    // leaving the pool leads to (copy review 3, F2); the database's rule decides what happens.
    const cases = {
      running: { status: 'interview', created_at: ago(60 * DAY), procedure_ended_at: null },
      endedRecently: { status: 'rejected', created_at: ago(60 * DAY), procedure_ended_at: ago(FOUR_WEEKS - DAY) },
      endedJustOver: { status: 'rejected', created_at: ago(60 * DAY), procedure_ended_at: ago(FOUR_WEEKS + MINUTE) },
      endedLongAgo: { status: 'rejected', created_at: ago(300 * DAY), procedure_ended_at: ago(250 * DAY) },
    };
    const ids = Object.fromEntries(
      await Promise.all(
        Object.entries(cases).map(async ([name, fields]) => [name, await seedApplication({ ...fields, talent_pool: true })]),
      ),
    ) as Record<keyof typeof cases, string>;
    for (const id of Object.values(ids)) await admin.from('applications').update({ talent_pool: false }).eq('id', id);
    const due = new Set(((await admin.rpc('applications_past_retention')).data ?? []) as string[]);
    const exitOf = async (id: string) => {
      const { data, error } = await admin.from('applications').select('created_at, status, procedure_ended_at').eq('id', id).single();
      if (error) throw new Error(error.message);
      return talentPoolExit(data as Parameters<typeof talentPoolExit>[0]);
    };
    for (const [name, id] of Object.entries(ids)) expect((await exitOf(id)).when === 'now', name).toBe(due.has(id));
    expect(await exitOf(ids.running)).toEqual({ when: 'afterProcedure' });
    expect((await exitOf(ids.endedRecently)).when).toBe('on');
    expect((await deleteApplicationsWith(admin, Object.values(ids))).failed).toEqual([]);
  });

  it('staff at aal2 mark an application for deletion, which hides it from them at once and makes it due', async () => {
    const id = await seedApplication();
    await seedFile(id);
    expect((await staffAal2.rpc('request_application_deletion', { application_id: id })).data).toBe(true);
    expect(await opened(staffAal2, id)).toBeNull();
    expect(await listed(staffAal2)).not.toContain(id);
    expect((await staffAal2.rpc('request_application_deletion', { application_id: id })).data).toBe(false);
    expect((await admin.rpc('applications_past_retention')).data).toContain(id);
    expect((await deleteApplicationsWith(admin, [id])).failed).toEqual([]);
    expect(await storedApplication(id)).toBeNull();
    expect(await storedObjects(id)).toEqual([]);
  });

  it('nobody else does either: not aal1 staff, staff without a factor or the recruiting role, clients or anon', async () => {
    const id = await seedApplication({ talent_pool: true });
    for (const [who, caller] of outsiders()) {
      expect((await caller.rpc('take_out_of_talent_pool', { application_id: id })).error?.code, who).toBe('42501');
      expect((await caller.rpc('request_application_deletion', { application_id: id })).error?.code, who).toBe('42501');
    }
    expect(await storedApplication(id)).toMatchObject({ talent_pool: true, deletion_requested_at: null });
  });
});

describe('notes', () => {
  it('staff at aal2 add notes; the database writes the author and the time', async () => {
    const id = await seedApplication();
    const { data: added, error } = await staffAal2.rpc('add_application_note', {
      wanted_application: id,
      note_body: 'Uitnodigen voor een gesprek.',
    });
    expect(error).toBeNull();
    expect(added).toBe(true);
    const { data } = await admin.from('application_notes').select('author_id, body, created_at').eq('application_id', id);
    expect(data).toEqual([{ author_id: staffAal2Id, body: 'Uitnodigen voor een gesprek.', created_at: expect.any(String) }]);
    expect(Math.abs(new Date(String(data?.[0]?.created_at)).getTime() - Date.now())).toBeLessThan(10_000);
  });

  it('a note cannot be written around the function, so it cannot be signed with another name or dated by the client', async () => {
    const id = await seedApplication();
    const { id: otherStaff } = await staffWithFactor(backend);
    for (const forged of [
      {},
      { author_id: otherStaff },
      { author_id: null },
      { created_at: '2000-01-01T00:00:00Z' },
      { id: randomUUID() },
    ]) {
      const { error } = await staffAal2.from('application_notes').insert({ application_id: id, body: 'Vervalst.', ...forged });
      expect(error?.code, JSON.stringify(forged)).toBe('42501');
    }
    expect((await admin.from('application_notes').select('id').eq('application_id', id)).data).toEqual([]);
  });

  it('nobody else adds notes, and nobody edits or deletes one', async () => {
    const id = await seedApplication();
    for (const [who, caller] of outsiders()) {
      expect((await caller.from('application_notes').insert({ application_id: id, body: 'Niet van mij.' })).error?.code, who).toBe('42501');
    }
    const { data: note } = await admin
      .from('application_notes')
      .insert({ application_id: id, body: 'Origineel.', author_id: staffAal2Id })
      .select('id')
      .single();
    const noteId = (note as { id: string }).id;
    for (const [who, caller] of [...outsiders(), ['staff at aal2', staffAal2] as [string, SupabaseClient]]) {
      expect((await caller.from('application_notes').update({ body: 'Aangepast.' }).eq('id', noteId)).error?.code, who).toBe('42501');
      expect((await caller.from('application_notes').delete().eq('id', noteId)).error?.code, who).toBe('42501');
    }
    expect((await admin.from('application_notes').select('body').eq('id', noteId).single()).data).toEqual({ body: 'Origineel.' });
  });

  it('an empty note or one over 2000 characters is no note', async () => {
    const id = await seedApplication();
    for (const body of ['', '   \n ', 'n'.repeat(2001)]) {
      expect((await staffAal2.rpc('add_application_note', { wanted_application: id, note_body: body })).error?.code).toBe('23514');
    }
    expect((await staffAal2.rpc('add_application_note', { wanted_application: id, note_body: 'n'.repeat(2000) })).data).toBe(true);
  });

  it('staff see who changed the status and who wrote notes, and only those accounts', async () => {
    const id = await seedApplication();
    await staffAal2.rpc('set_application_status', { application_id: id, new_status: 'in_review' });
    const demoId = (await client.auth.getUser()).data.user?.id ?? '';
    const { data, error } = await staffAal2.rpc('application_actor_emails', { user_ids: [staffAal2Id, demoId] });
    expect(error).toBeNull();
    expect(data).toEqual([{ id: staffAal2Id, email: expect.stringMatching(/^staff-.*@bitwerf\.nl$/) }]);
    for (const [who, caller] of outsiders()) {
      expect((await caller.rpc('application_actor_emails', { user_ids: [staffAal2Id] })).error?.code, who).toBe('42501');
    }
  });
});

describe('the applications bucket in Storage', () => {
  const upload = (caller: SupabaseClient, name: string) =>
    caller.storage.from(BUCKET).upload(name, new Blob([pdfBytes('upload')], { type: PDF }), { contentType: PDF });

  it('is private, PDF and Word only, 10 MiB at most', async () => {
    const { data } = await admin.storage.getBucket(BUCKET);
    expect(data).toMatchObject({ public: false, file_size_limit: 10_485_760, allowed_mime_types: [PDF, DOCX] });
    const png = await admin.storage
      .from(BUCKET)
      .upload(`${seededId}/${randomUUID()}`, new Blob(['x'], { type: 'image/png' }), { contentType: 'image/png' });
    expect((png.error as { statusCode?: string } | null)?.statusCode).toBe('415');
    const big = await admin.storage
      .from(BUCKET)
      .upload(`${seededId}/${randomUUID()}`, new Blob([new Uint8Array(10_485_761)], { type: PDF }), { contentType: PDF });
    expect((big.error as { statusCode?: string } | null)?.statusCode).toBe('413');
    // No public URL serves it.
    const publicUrl = admin.storage.from(BUCKET).getPublicUrl(seededFile.objectPath).data.publicUrl;
    expect((await fetch(publicUrl)).ok).toBe(false);
  });

  it('nobody but the service role uploads, overwrites, moves or removes', async () => {
    for (const [who, caller] of [...outsiders(), ['staff at aal2', staffAal2] as [string, SupabaseClient]]) {
      const name = `${seededId}/${randomUUID()}`;
      expect((await upload(caller, name)).error, who).not.toBeNull();
      const overwrite = await caller.storage
        .from(BUCKET)
        .upload(seededFile.objectPath, new Blob([pdfBytes('vervalst')], { type: PDF }), { contentType: PDF, upsert: true });
      expect(overwrite.error, who).not.toBeNull();
      expect((await caller.storage.from(BUCKET).move(seededFile.objectPath, `${seededId}/${randomUUID()}`)).error, who).not.toBeNull();
      // Storage answers a remove of what RLS hides with an empty list; the object must still be there.
      const removed = await caller.storage.from(BUCKET).remove([seededFile.objectPath]);
      expect(removed.data ?? [], who).toEqual([]);
    }
    expect(await storedObjects(seededId)).toEqual([seededFile.id]);
    const { data } = await admin.storage.from(BUCKET).download(seededFile.objectPath);
    expect(new Uint8Array(await (data as Blob).arrayBuffer())).toEqual(pdfBytes('cv'));
  });

  it('staff at aal2 get a file only through the function that logs the download; no session downloads, lists or signs one', async () => {
    const before = (await logOf(seededId)).length;
    const { data: file, error } = await staffAal2
      .rpc('staff_application_file', { wanted_application: seededId, wanted_file: seededFile.id })
      .single();
    expect(error).toBeNull();
    expect(file).toEqual({ object_path: seededFile.objectPath, kind: 'cv', content_type: PDF, applicant_name: 'Noor Bakker' });
    expect((await logOf(seededId)).slice(before)).toEqual([{ actor_id: staffAal2Id, action: 'download', file_id: seededFile.id }]);

    for (const [who, caller] of [...outsiders(), ['staff at aal2', staffAal2] as [string, SupabaseClient]]) {
      const bucket = caller.storage.from(BUCKET);
      expect((await bucket.download(seededFile.objectPath)).error, who).not.toBeNull();
      expect((await bucket.createSignedUrl(seededFile.objectPath, 60)).error, who).not.toBeNull();
      expect((await bucket.list(seededId)).data ?? [], who).toEqual([]);
    }
  });

  it('a URL the server signs lives as long as it was signed for', async () => {
    const signed = await admin.storage.from(BUCKET).createSignedUrl(seededFile.objectPath, 1);
    const response = await fetch(signed.data?.signedUrl ?? '');
    expect([response.status, response.headers.get('content-type')]).toEqual([200, PDF]);
    await response.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await fetch(signed.data?.signedUrl ?? '')).ok).toBe(false);
  });
});

describe('applications on their way out, and files without a row', () => {
  it('once an application is marked for deletion, staff see none of it: row, files, notes or the object', async () => {
    const id = await seedApplication();
    const file = await seedFile(id);
    await admin.from('application_notes').insert({ application_id: id, body: 'Notitie.', author_id: staffAal2Id });
    expect(await opened(staffAal2, id)).not.toBeNull();

    // What deleteApplications does first: the applicant withdrew, and the files are about to go.
    expect((await admin.from('applications').update({ deletion_requested_at: new Date().toISOString() }).eq('id', id)).error).toBeNull();
    const before = (await logOf(id)).length;
    expect(await opened(staffAal2, id)).toBeNull();
    expect(await listed(staffAal2)).not.toContain(id);
    expect((await staffAal2.rpc('staff_application_state', { wanted_application: id })).data).toEqual([]);
    expect((await staffAal2.rpc('staff_application_file', { wanted_application: id, wanted_file: file.id })).data).toEqual([]);
    expect((await staffAal2.rpc('add_application_note', { wanted_application: id, note_body: 'Te laat.' })).data).toBe(false);
    // Nothing handed over, nothing logged.
    expect(await logOf(id)).toHaveLength(before);
  });

  it('an object no file row names is out of staff’s reach too', async () => {
    const id = await seedApplication();
    const stray = `${id}/${randomUUID()}`;
    expect(
      (await admin.storage.from(BUCKET).upload(stray, new Blob([pdfBytes('los')], { type: PDF }), { contentType: PDF })).error,
    ).toBeNull();
    expect(
      (await staffAal2.rpc('staff_application_file', { wanted_application: id, wanted_file: stray.split('/')[1] ?? '' })).data,
    ).toEqual([]);
    expect((await staffAal2.storage.from(BUCKET).list(id)).data ?? []).toEqual([]);
    await admin.storage.from(BUCKET).remove([stray]);
  });
});

describe('retention', () => {
  /** Seeds one application of each kind around the boundaries and returns which ids are which. */
  async function seedAges() {
    const ids = {
      // Without the talent pool: four weeks after the procedure ended.
      endedJustOver: await seedApplication({
        status: 'rejected',
        created_at: ago(FOUR_WEEKS + 2 * DAY),
        procedure_ended_at: ago(FOUR_WEEKS + MINUTE),
      }),
      endedJustUnder: await seedApplication({
        status: 'hired',
        created_at: ago(FOUR_WEEKS + 2 * DAY),
        procedure_ended_at: ago(FOUR_WEEKS - MINUTE),
      }),
      // A procedure that never ended: kept up to a year after it arrived, then gone too.
      openJustUnderAYear: await seedApplication({ status: 'interview', created_at: aYearAgo(-MINUTE) }),
      openOverAYear: await seedApplication({ status: 'new', created_at: aYearAgo(MINUTE) }),
      // With the talent pool: a year after it arrived, whatever the procedure did.
      poolJustOver: await seedApplication({ talent_pool: true, created_at: aYearAgo(MINUTE) }),
      poolJustUnder: await seedApplication({ talent_pool: true, created_at: aYearAgo(-MINUTE) }),
      poolEndedLongAgo: await seedApplication({
        talent_pool: true,
        status: 'rejected',
        created_at: ago(300 * DAY),
        procedure_ended_at: ago(250 * DAY),
      }),
      poolOpenOverAYear: await seedApplication({ talent_pool: true, status: 'offer', created_at: aYearAgo(DAY) }),
      // Hired, the talent pool's purpose is spent: four weeks after the procedure, as without it.
      poolHiredJustOver: await seedApplication({
        talent_pool: true,
        status: 'hired',
        created_at: ago(FOUR_WEEKS + 2 * DAY),
        procedure_ended_at: ago(FOUR_WEEKS + MINUTE),
      }),
      poolHiredJustUnder: await seedApplication({
        talent_pool: true,
        status: 'hired',
        created_at: ago(FOUR_WEEKS + 2 * DAY),
        procedure_ended_at: ago(FOUR_WEEKS - MINUTE),
      }),
    };
    return ids;
  }

  it('selects what has passed its period, around each boundary', async () => {
    const ids = await seedAges();
    const { data, error } = await admin.rpc('applications_past_retention');
    expect(error).toBeNull();
    const due = new Set(data as string[]);
    expect(Object.fromEntries(Object.entries(ids).map(([name, id]) => [name, due.has(id)]))).toEqual({
      endedJustOver: true,
      endedJustUnder: false,
      openJustUnderAYear: false,
      openOverAYear: true,
      poolJustOver: true,
      poolJustUnder: false,
      poolEndedLongAgo: false,
      poolOpenOverAYear: true,
      poolHiredJustOver: true,
      poolHiredJustUnder: false,
    });
  });

  it('the purge deletes those applications with their files and notes, and leaves the rest', async () => {
    const ids = await seedAges();
    const files = {
      over: await seedFile(ids.endedJustOver),
      under: await seedFile(ids.endedJustUnder),
      pool: await seedFile(ids.poolJustOver, 'extra'),
    };
    await admin
      .from('application_notes')
      .insert({ application_id: ids.endedJustOver, body: 'Afgewezen na gesprek.', author_id: staffAal2Id });

    const result = await purgeExpiredApplicationsWith(admin);
    expect(result.ok).toBe(true);
    expect(result.applications.failed).toEqual([]);
    expect(result.applications.deleted).toEqual(
      expect.arrayContaining([ids.endedJustOver, ids.openOverAYear, ids.poolJustOver, ids.poolOpenOverAYear]),
    );
    for (const kept of [ids.endedJustUnder, ids.openJustUnderAYear, ids.poolJustUnder, ids.poolEndedLongAgo])
      expect(result.applications.deleted).not.toContain(kept);

    expect(await storedApplication(ids.endedJustOver)).toBeNull();
    expect(await storedApplication(ids.poolJustOver)).toBeNull();
    expect(await storedApplication(ids.endedJustUnder)).not.toBeNull();
    expect(await storedObjects(ids.endedJustOver)).toEqual([]);
    expect(await storedObjects(ids.poolJustOver)).toEqual([]);
    expect(await storedObjects(ids.endedJustUnder)).toEqual([files.under.id]);
    expect((await admin.from('application_files').select('id').in('id', [files.over.id, files.pool.id])).data).toEqual([]);
    expect((await admin.from('application_notes').select('id').eq('application_id', ids.endedJustOver)).data).toEqual([]);
    // Nothing is left to do on a second run.
    expect((await admin.rpc('applications_past_retention')).data).toEqual([]);
  });

  it('the retention functions answer to the service role only', async () => {
    for (const [who, caller] of [...outsiders(), ['staff at aal2', staffAal2] as [string, SupabaseClient]]) {
      expect((await caller.rpc('applications_past_retention')).error?.code, who).toBe('42501');
      expect((await caller.rpc('application_objects', { application_ids: [seededId] })).error?.code, who).toBe('42501');
      expect((await caller.rpc('application_objects_untracked')).error?.code, who).toBe('42501');
    }
  });
});

describe('deleting applications (withdrawal, retention)', () => {
  it('removes the files, then the rows with their notes; unknown ids count as gone', async () => {
    const id = await seedApplication();
    const cv = await seedFile(id);
    await seedFile(id, 'extra');
    // An upload whose row was never written still belongs to the application's folder.
    const stray = `${id}/${randomUUID()}`;
    expect(
      (await admin.storage.from(BUCKET).upload(stray, new Blob([pdfBytes('los')], { type: PDF }), { contentType: PDF })).error,
    ).toBeNull();
    await admin.from('application_notes').insert({ application_id: id, body: 'Notitie.', author_id: staffAal2Id });
    const unknown = randomUUID();

    const result = await deleteApplicationsWith(admin, [id, unknown, id]);
    expect(result).toEqual({ deleted: expect.arrayContaining([id, unknown]), failed: [] });
    expect(result.deleted).toHaveLength(2);
    expect(await storedApplication(id)).toBeNull();
    expect(await storedObjects(id)).toEqual([]);
    expect((await admin.from('application_files').select('id').eq('id', cv.id)).data).toEqual([]);
    expect((await admin.from('application_notes').select('id').eq('application_id', id)).data).toEqual([]);
  });

  it('reports ids that are no ids as failed, without asking the database about them', async () => {
    const result = await deleteApplicationsWith(admin, ['not-a-uuid', "'; drop table applications; --"]);
    expect(result).toEqual({ deleted: [], failed: ['not-a-uuid', "'; drop table applications; --"] });
  });

  it('when the files cannot be removed, keeps the rows, hidden from staff and due for the next purge', async () => {
    const id = await seedApplication();
    const file = await seedFile(id);
    // A client whose Storage calls fail (an outage): the REST calls go through, Storage's do not.
    const broken = createClient(backend.url, backend.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: {
        fetch: async (input, init) => {
          const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
          if (url.includes('/storage/v1/'))
            return new Response(JSON.stringify({ statusCode: '500', error: 'internal', message: 'down' }), { status: 500 });
          return fetch(input, init);
        },
      },
    });
    const result = await deleteApplicationsWith(broken, [id]);
    expect(result).toEqual({ deleted: [], failed: [id] });
    expect(await storedObjects(id)).toEqual([file.id]);
    const row = await storedApplication(id);
    expect(row?.deletion_requested_at).not.toBeNull();
    // Staff no longer see it, and cannot move it on.
    expect(await opened(staffAal2, id)).toBeNull();
    expect((await staffAal2.rpc('set_application_status', { application_id: id, new_status: 'hired' })).data).toBe(false);
    expect((await admin.rpc('applications_past_retention')).data).toContain(id);

    // The next purge, with Storage back, finishes the job.
    const purged = await purgeExpiredApplicationsWith(admin);
    expect(purged.applications.deleted).toContain(id);
    expect(await storedApplication(id)).toBeNull();
    expect(await storedObjects(id)).toEqual([]);
  });

  it('the purge also removes objects no file row names once they are old enough', async () => {
    const id = await seedApplication();
    const tracked = await seedFile(id);
    const inFolder = `${id}/${randomUUID()}`;
    const orphan = `${randomUUID()}/${randomUUID()}`;
    for (const name of [inFolder, orphan]) {
      expect(
        (await admin.storage.from(BUCKET).upload(name, new Blob([pdfBytes('los')], { type: PDF }), { contentType: PDF })).error,
      ).toBeNull();
    }
    // A day's grace by default, for an upload whose row is still being written.
    expect((await admin.rpc('application_objects_untracked')).data).toEqual([]);
    const untracked = await admin.rpc('application_objects_untracked', { min_age: '0 seconds' });
    expect(untracked.data).toEqual(expect.arrayContaining([inFolder, orphan]));
    expect(untracked.data).not.toContain(tracked.objectPath);

    const result = await purgeExpiredApplicationsWith(admin, { untrackedMinAge: '0 seconds' });
    expect(result.untrackedObjects).toEqual({ removed: 2, failed: 0 });
    expect(await storedObjects(orphan.split('/')[0] ?? '')).toEqual([]);
    expect(await storedObjects(id)).toEqual([tracked.id]);
  });
});

describe('contact messages on the retention run', () => {
  it('purge_old_contact_messages() forgets messages twelve months after the last contact, for the service role only', async () => {
    const monthsAgo = (months: number) => new Date(Date.now() - months * 30.5 * DAY).toISOString();
    const message = (email: string, dates: Record<string, string>) => ({
      name: 'Sanne de Vries',
      email,
      subject: 'general',
      message: 'Een vraag van lang geleden.',
      ...dates,
    });
    // Inserted in one statement, whose trigger would forget the old ones at once; so the old
    // ones are backdated afterwards, as a quiet year would leave them.
    const seeded = await admin
      .from('contact_messages')
      .insert([message('oud@example.nl', {}), message('recent-afgehandeld@example.nl', {}), message('vers@example.nl', {})])
      .select('id, email');
    expect(seeded.error).toBeNull();
    const idOf = (email: string) => (seeded.data as { id: string; email: string }[]).find((row) => row.email === email)?.id ?? '';
    expect(
      (
        await admin
          .from('contact_messages')
          .update({ created_at: monthsAgo(13) })
          .eq('id', idOf('oud@example.nl'))
      ).error,
    ).toBeNull();
    expect(
      (
        await admin
          .from('contact_messages')
          .update({ created_at: monthsAgo(20) })
          .eq('id', idOf('recent-afgehandeld@example.nl'))
      ).error,
    ).toBeNull();
    expect(
      (
        await admin
          .from('contact_messages')
          .update({ handled_at: monthsAgo(2) })
          .eq('id', idOf('recent-afgehandeld@example.nl'))
      ).error,
    ).toBeNull();

    for (const [who, caller] of [...outsiders(), ['staff at aal2', staffAal2] as [string, SupabaseClient]]) {
      expect((await caller.rpc('purge_old_contact_messages')).error?.code, who).toBe('42501');
    }
    const { data, error } = await admin.rpc('purge_old_contact_messages');
    expect(error).toBeNull();
    expect(data).toBe(1);
    const left = await admin
      .from('contact_messages')
      .select('email')
      .in('email', ['oud@example.nl', 'recent-afgehandeld@example.nl', 'vers@example.nl'])
      .order('email');
    expect(left.data).toEqual([{ email: 'recent-afgehandeld@example.nl' }, { email: 'vers@example.nl' }]);
  });
});

describe('application drafts on the retention run', () => {
  it('forgets drafts older than an hour', async () => {
    const draft = () => ({ locale: 'nl', vacancy_slug: null, values: { name: 'Noor' }, errors: {} });
    const seeded = await admin.from('application_drafts').insert([draft(), draft()]).select('id');
    expect(seeded.error).toBeNull();
    const [old, fresh] = (seeded.data as { id: string }[]).map((row) => row.id);
    expect(
      (
        await admin
          .from('application_drafts')
          .update({ created_at: ago(61 * MINUTE) })
          .eq('id', old ?? '')
      ).error,
    ).toBeNull();
    expect(
      (
        await admin
          .from('application_drafts')
          .update({ created_at: ago(59 * MINUTE) })
          .eq('id', fresh ?? '')
      ).error,
    ).toBeNull();
    expect(await purgeOldApplicationDraftsWith(admin)).toBe(1);
    expect(
      (
        await admin
          .from('application_drafts')
          .select('id')
          .in('id', [old ?? '', fresh ?? ''])
      ).data,
    ).toEqual([{ id: fresh }]);
  });
});
