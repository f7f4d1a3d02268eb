import type { SupabaseClient } from '@supabase/supabase-js';

import { APPLICATIONS_BUCKET, deleteApplicationsWith } from '../recruiting/application-deletion';
import type { Database, Tables } from '../supabase/database.types';

// Everything stored about one e-mail address, for an access request (AVG art. 15) or an erasure
// (art. 17), with a service-role client. Kept free of path aliases and `server-only`, like
// application-deletion.ts, so the backend tests run it against the embedded Supabase. Callers
// check that an admin asked before calling anything here.

type Admin = SupabaseClient<Database>;

export type SubjectAccount = Database['public']['Functions']['rights_subject_account']['Returns'][number];

/** The account's sessions, factors, sign-in methods, enrolment links and content work (rights_subject_account_details). */
export type SubjectAccountDetails = Database['public']['Functions']['rights_subject_account_details']['Returns'];

export type SubjectData = {
  email: string;
  account: SubjectAccount | null;
  /** Null without an account. Never a secret: no factor secret, no token hash, no password hash. */
  accountDetails: SubjectAccountDetails | null;
  contactMessages: Tables<'contact_messages'>[];
  applications: Tables<'applications'>[];
  applicationFiles: Tables<'application_files'>[];
  applicationNotes: Tables<'application_notes'>[];
  /**
   * Who opened or downloaded these applications, and when. Kept on erasure for the year the privacy
   * statement names (nobody may change the log); without the application they name nobody.
   */
  applicationAccessLog: Tables<'application_access_log'>[];
  /** What they typed into an application form that did not come through (kept an hour at most). */
  applicationDrafts: Tables<'application_drafts'>[];
  /** What this person did as staff: kept, their name is removed with the account. */
  staffActions: { statusChanges: number; notes: number; handledMessages: number; accessLogEntries: number };
};

export type SubjectCounts = {
  account: number;
  contactMessages: number;
  applications: number;
  applicationFiles: number;
  applicationNotes: number;
  applicationAccessLog: number;
  applicationDrafts: number;
};

export const countsOf = (data: SubjectData): SubjectCounts => ({
  account: data.account === null ? 0 : 1,
  contactMessages: data.contactMessages.length,
  applications: data.applications.length,
  applicationFiles: data.applicationFiles.length,
  applicationNotes: data.applicationNotes.length,
  applicationAccessLog: data.applicationAccessLog.length,
  applicationDrafts: data.applicationDrafts.length,
});

/** Whether the address belongs to a staff account: those go through staff administration, never a rights erasure. */
export function isStaffAccount(data: SubjectData): boolean {
  const roles = data.account?.staff_roles;
  return Array.isArray(roles) && roles.length > 0;
}

/**
 * A plausible address, as the forms accept them; anything else is never sent to the database. The
 * lookups compare addresses for equality, so nothing in one is a pattern; a character that is one
 * in SQL or PostgREST (`*`, `%`) is refused all the same, since no address the site stored has it.
 */
export function readSubjectEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const email = value.trim();
  return email.length >= 3 && email.length <= 320 && /^[^@\s*%]+@[^@\s*%]+\.[^@\s*%]+$/.test(email) ? email : null;
}

function check<T>(result: { data: T | null; error: { message: string } | null }, what: string): T {
  if (result.error !== null || result.data === null) throw new Error(`could not read ${what}: ${result.error?.message ?? 'no data'}`);
  return result.data;
}

/** Reads everything stored about `email`; throws when any part cannot be read, so nothing is shown half. */
export async function findSubjectData(admin: Admin, email: string): Promise<SubjectData> {
  const [accounts, contactMessages, applications, applicationDrafts] = await Promise.all([
    admin.rpc('rights_subject_account', { address: email }).then((r) => check(r, 'the account')),
    // Equality on the lower-cased address, in the database: never a LIKE pattern.
    admin.rpc('rights_subject_contact_messages', { address: email }).then((r) => check(r, 'contact messages')),
    admin.rpc('rights_subject_applications', { address: email }).then((r) => check(r, 'applications')),
    admin.rpc('rights_subject_drafts', { address: email }).then((r) => check(r, 'application drafts')),
  ]);
  const account = accounts[0] ?? null;
  const ids = applications.map((application) => application.id);
  const [applicationFiles, applicationNotes, applicationAccessLog] =
    ids.length === 0
      ? [[], [], []]
      : await Promise.all([
          admin
            .from('application_files')
            .select('*')
            .in('application_id', ids)
            .then((r) => check(r, 'application files')),
          admin
            .from('application_notes')
            .select('*')
            .in('application_id', ids)
            .then((r) => check(r, 'application notes')),
          admin
            .from('application_access_log')
            .select('*')
            .in('application_id', ids)
            .order('at')
            .then((r) => check(r, 'the application access log')),
        ]);
  const staffActions = { statusChanges: 0, notes: 0, handledMessages: 0, accessLogEntries: 0 };
  let accountDetails: SubjectAccountDetails | null = null;
  if (account !== null) {
    accountDetails = check(await admin.rpc('rights_subject_account_details', { subject: account.id }), 'the account details');
    const [statusChanges, notes, handled, accessed] = await Promise.all([
      admin.from('applications').select('id', { count: 'exact', head: true }).eq('status_changed_by', account.id),
      admin.from('application_notes').select('id', { count: 'exact', head: true }).eq('author_id', account.id),
      admin.from('contact_messages').select('id', { count: 'exact', head: true }).eq('handled_by', account.id),
      admin.from('application_access_log').select('id', { count: 'exact', head: true }).eq('actor_id', account.id),
    ]);
    staffActions.statusChanges = statusChanges.count ?? 0;
    staffActions.notes = notes.count ?? 0;
    staffActions.handledMessages = handled.count ?? 0;
    staffActions.accessLogEntries = accessed.count ?? 0;
  }
  return {
    email,
    account,
    accountDetails,
    contactMessages,
    applications,
    applicationFiles,
    applicationNotes,
    applicationAccessLog,
    applicationDrafts,
    staffActions,
  };
}

/** The bytes of each stored file of the applications found, named by its object path. */
export async function downloadSubjectFiles(admin: Admin, data: SubjectData): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  for (const file of data.applicationFiles) {
    const { data: blob, error } = await admin.storage.from(APPLICATIONS_BUCKET).download(file.object_path);
    if (error !== null) throw new Error(`could not download an application file: ${error.message}`);
    files.set(file.object_path, new Uint8Array(await blob.arrayBuffer()));
  }
  return files;
}

export type ErasureResult = { erased: SubjectCounts; failed: boolean };

/**
 * Erases what `findSubjectData` found: the drafts, the applications with their files and notes (files first,
 * see application-deletion.ts), the contact messages, then the account (its sessions and factors
 * go with it; what it did as staff keeps no name, on delete set null). Stops at the first part
 * that fails, so a retry erases the rest. The access log stays, as the privacy statement says:
 * nobody changes it, the retention run deletes it after a year, and once the applications are gone
 * its ids and times lead to nobody.
 */
export async function eraseSubjectData(admin: Admin, data: SubjectData): Promise<ErasureResult> {
  const erased: SubjectCounts = {
    account: 0,
    contactMessages: 0,
    applications: 0,
    applicationFiles: 0,
    applicationNotes: 0,
    applicationAccessLog: 0,
    applicationDrafts: 0,
  };
  const draftIds = data.applicationDrafts.map((draft) => draft.id);
  if (draftIds.length > 0) {
    const { error } = await admin.from('application_drafts').delete().in('id', draftIds);
    if (error !== null) return { erased, failed: true };
    erased.applicationDrafts = draftIds.length;
  }
  const deletion = await deleteApplicationsWith(
    admin,
    data.applications.map((application) => application.id),
  );
  const gone = new Set(deletion.deleted);
  erased.applications = gone.size;
  erased.applicationFiles = data.applicationFiles.filter((file) => gone.has(file.application_id)).length;
  erased.applicationNotes = data.applicationNotes.filter((note) => gone.has(note.application_id)).length;
  if (deletion.failed.length > 0) return { erased, failed: true };

  const messageIds = data.contactMessages.map((message) => message.id);
  if (messageIds.length > 0) {
    const { error } = await admin.from('contact_messages').delete().in('id', messageIds);
    if (error !== null) return { erased, failed: true };
    erased.contactMessages = messageIds.length;
  }
  if (data.account !== null) {
    const { error } = await admin.auth.admin.deleteUser(data.account.id);
    if (error !== null) return { erased, failed: true };
    erased.account = 1;
  }
  return { erased, failed: false };
}

/**
 * Writes the export into the application access log, one entry an application, in the admin's
 * name: an export hands over the applications and their files as much as opening them does.
 */
export async function logRightsExport(admin: Admin, data: SubjectData, actorId: string): Promise<boolean> {
  if (data.applications.length === 0) return true;
  const { data: logged, error } = await admin.rpc('log_rights_export', {
    actor: actorId,
    application_ids: data.applications.map((application) => application.id),
  });
  if (error !== null) console.error('[rights] could not log an export:', error.code, error.message);
  return error === null && logged === data.applications.length;
}

/** How the admin checked that the request comes from the person it is about. */
export const IDENTITY_CHECKS = ['same_address', 'confirmed_from_address'] as const;
export type IdentityCheck = (typeof IDENTITY_CHECKS)[number];

/** The form's answer to how the request was checked, or null when it gave none of ours. */
export function readIdentityCheck(value: unknown): IdentityCheck | null {
  return IDENTITY_CHECKS.find((check) => check === value) ?? null;
}

/** Records that a request was honoured: never the address or the data, only an HMAC, counts and how it was checked. */
export async function recordRightsRequest(
  admin: Admin,
  request: { kind: 'export' | 'erasure'; actorId: string; subjectKey: string; counts: SubjectCounts; identityCheck: IdentityCheck },
): Promise<boolean> {
  const { error } = await admin.from('rights_requests').insert({
    kind: request.kind,
    actor_id: request.actorId,
    subject_key: request.subjectKey,
    counts: request.counts,
    identity_check: request.identityCheck,
  });
  if (error !== null) console.error('[rights] could not record a rights request:', error.code, error.message);
  return error === null;
}
