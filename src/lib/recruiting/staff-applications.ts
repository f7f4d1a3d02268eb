import 'server-only';

import { hasLocale } from 'next-intl';
import { z } from 'zod';

import { routing, type Locale } from '@/i18n/routing';
import { fileFields, type FileField } from '@/lib/applications/application-fields';
import type { ServerSupabase } from '@/lib/auth/server-session';
import { createAdminClient } from '@/lib/supabase/admin';
import type { Tables } from '@/lib/supabase/database.types';

import { APPLICATIONS_BUCKET } from './application-deletion';
import { applicationsPageCount, applicationsPageRange, OPEN_APPLICATION, type ApplicationFilters } from './application-filters';
import { talentPoolExit, type ApplicationStatus, type TalentPoolExit } from './application-status';
import { deleteApplications } from './delete-applications';
import { displayFileName, downloadName } from './file-names';

// Staff read and work the applications with their own session, through the database's functions
// only (…_applications_read_through_the_access_log.sql): the tables and the bucket give their
// session nothing, and every function that hands over an applicant's data writes the access-log
// entry in the same transaction. The role check there (recruiting staff at aal2 in a live session)
// is the real gate; the checks in the pages are the courtesy.

export { isApplicationId } from './application-deletion';

type SummaryRow = Pick<
  Tables<'applications'>,
  'id' | 'created_at' | 'name' | 'vacancy_slug' | 'vacancy_title' | 'status' | 'talent_pool' | 'locale'
>;

type ApplicationRow = SummaryRow &
  Pick<
    Tables<'applications'>,
    'email' | 'phone' | 'profile_url' | 'motivation' | 'status_changed_at' | 'status_changed_by' | 'procedure_ended_at'
  >;

// The tables' CHECK constraints hold locale and kind to these values; the generated types,
// like Postgres's catalog, know them only as text.
export type ApplicationSummary = Omit<SummaryRow, 'locale'> & {
  /** The site's language the applicant applied in, which `vacancy_title` is in. */
  locale: Locale;
};

// The tables' CHECK constraints hold locale and kind to these values; the generated types,
// like Postgres's catalog, know them only as text.
export type Application = Omit<ApplicationRow, 'locale'> & { locale: Locale };

type ApplicationFileRow = Pick<Tables<'application_files'>, 'id' | 'kind' | 'file_name' | 'content_type' | 'size_bytes'>;

export type ApplicationFile = Omit<ApplicationFileRow, 'kind'> & { kind: FileField };

export type ApplicationNote = Pick<Tables<'application_notes'>, 'id' | 'author_id' | 'body' | 'created_at'>;

export type VacancyCount = { slug: string | null; title: string | null; total: number; newCount: number };

export type ApplicationsPage = {
  applications: ApplicationSummary[];
  /** The page shown: the one asked for, or the last one when that lies beyond the end. */
  page: number;
  pageCount: number;
  /** Applications matching the filters. */
  total: number;
  /** Every vacancy with applications, newest activity first, with its counts. */
  vacancies: VacancyCount[];
};

export type ApplicationDetail = {
  application: Application;
  files: ApplicationFile[];
  notes: ApplicationNote[];
  /** E-mail addresses of the staff in the history (status change, notes), by user id. */
  actors: Record<string, string>;
};

const statusSchema = z.enum(['new', 'in_review', 'interview', 'offer', 'hired', 'rejected']);

/** What staff_application_open() answers: checked, as any JSON is, before the page trusts it. */
const openedSchema = z.object({
  application: z.object({
    id: z.string(),
    created_at: z.string(),
    name: z.string(),
    vacancy_slug: z.string().nullable(),
    vacancy_title: z.string().nullable(),
    status: statusSchema,
    talent_pool: z.boolean(),
    locale: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    profile_url: z.string().nullable(),
    motivation: z.string(),
    status_changed_at: z.string(),
    status_changed_by: z.string().nullable(),
    procedure_ended_at: z.string().nullable(),
  }),
  files: z.array(z.object({ id: z.string(), kind: z.string(), file_name: z.string(), content_type: z.string(), size_bytes: z.number() })),
  notes: z.array(z.object({ id: z.string(), author_id: z.string().nullable(), body: z.string(), created_at: z.string() })),
});

function isFileField(kind: string): kind is FileField {
  return (fileFields as readonly string[]).includes(kind);
}

function logError(what: string, error: { code?: string; message: string }) {
  console.error(`[recruiting] could not ${what}:`, error.code, error.message);
}

async function vacancyCounts(supabase: ServerSupabase): Promise<VacancyCount[] | null> {
  const { data, error } = await supabase.rpc('application_vacancies');
  if (error) {
    logError('count applications per vacancy', error);
    return null;
  }
  // Typed as the CLI types a `returns table` function, without nulls; the open applications
  // have a null vacancy_slug and vacancy_title. Postgres counts are bigint, which PostgREST may
  // send as text.
  const rows: { vacancy_slug: string | null; vacancy_title: string | null; total: number | string; new_count: number | string }[] = data;
  return rows.map((row) => ({
    slug: row.vacancy_slug,
    title: row.vacancy_title,
    total: Number(row.total),
    newCount: Number(row.new_count),
  }));
}

/** One page of applications, newest first, filtered; null when the database could not be read. Each one shown is logged. */
export async function listApplications(supabase: ServerSupabase, filters: ApplicationFilters): Promise<ApplicationsPage | null> {
  const filter = {
    vacancy_filter: filters.vacancy === OPEN_APPLICATION ? undefined : filters.vacancy,
    open_only: filters.vacancy === OPEN_APPLICATION,
    status_filter: filters.status,
  };
  const [vacancies, counted] = await Promise.all([vacancyCounts(supabase), supabase.rpc('staff_applications_count', filter)]);
  if (vacancies === null) return null;
  if (counted.error) {
    logError('count applications', counted.error);
    return null;
  }
  // Postgres counts are bigint, which PostgREST may send as text.
  const total = Number(counted.data);
  const pageCount = applicationsPageCount(total);
  const page = Math.min(filters.page, pageCount);
  const { from, to } = applicationsPageRange(page);
  const { data, error } = await supabase.rpc('staff_applications_page', { ...filter, first_row: from, row_count: to - from + 1 });
  if (error) {
    logError('list applications', error);
    return null;
  }
  const applications = data.flatMap(({ locale, ...row }) => (hasLocale(routing.locales, locale) ? [{ ...row, locale }] : []));
  if (applications.length < data.length) {
    logError('list applications', { message: 'a row breaks its table’s constraints' });
    return null;
  }
  return { applications, page, pageCount, total, vacancies };
}

/** When an application arrived, for its page's title; null when there is none to show. */
export async function getApplicationReceivedAt(supabase: ServerSupabase, id: string): Promise<string | null> {
  return (await applicationState(supabase, id))?.created_at ?? null;
}

/** An application's status and dates (no applicant data, so not logged); null when there is none to show. */
async function applicationState(supabase: ServerSupabase, id: string) {
  const { data, error } = await supabase.rpc('staff_application_state', { wanted_application: id }).maybeSingle();
  if (error) logError('read an application', error);
  return data;
}

/**
 * An application with its files, notes and the people in its history, or null when it does
 * not exist or this session may not see it. The database logs the opening as it answers.
 * Throws nothing: a failed read is logged and null.
 */
export async function getApplication(supabase: ServerSupabase, id: string): Promise<ApplicationDetail | null> {
  const { data, error } = await supabase.rpc('staff_application_open', { wanted_application: id });
  if (error) {
    logError('read an application', error);
    return null;
  }
  if (data === null) return null;
  const opened = openedSchema.safeParse(data);
  if (!opened.success) {
    logError('read an application', { message: 'the answer breaks its schema' });
    return null;
  }
  const { locale } = opened.data.application;
  const files = opened.data.files.flatMap(({ kind, ...file }) => (isFileField(kind) ? [{ ...file, kind }] : []));
  if (!hasLocale(routing.locales, locale) || files.length < opened.data.files.length) {
    logError('read an application', { message: 'a row breaks its table’s constraints' });
    return null;
  }
  const detail: Application = { ...opened.data.application, locale };
  const noteRows = opened.data.notes;

  const ids = [...new Set([detail.status_changed_by, ...noteRows.map((note) => note.author_id)].filter((value) => value !== null))];
  const actors: Record<string, string> = {};
  if (ids.length > 0) {
    const { data: emails, error: emailsError } = await supabase.rpc('application_actor_emails', { user_ids: ids });
    // Without the names the page still works; it says "a staff member" instead.
    if (emailsError) logError('read who handled an application', emailsError);
    for (const row of emails ?? []) actors[row.id] = row.email;
  }
  // Rows stored before names were cleaned on arrival are cleaned here too.
  return {
    application: detail,
    files: files.map((file) => ({ ...file, file_name: displayFileName(file.file_name) })),
    notes: noteRows,
    actors,
  };
}

/**
 * Moves an application to another status. The database records when and by whom, and refuses
 * unless the caller is staff at aal2: 'changed', 'unchanged' (it already had that status), or
 * 'failed' (refused, gone, or the database could not be reached).
 */
export async function setApplicationStatus(
  supabase: ServerSupabase,
  id: string,
  status: ApplicationStatus,
): Promise<'changed' | 'unchanged' | 'failed'> {
  const { data, error } = await supabase.rpc('set_application_status', { application_id: id, new_status: status });
  if (error) {
    logError('change an application’s status', error);
    return 'failed';
  }
  if (data === true) return 'changed';
  return (await applicationState(supabase, id))?.status === status ? 'unchanged' : 'failed';
}

/** Adds a note in the caller's name (the database sets author and time); false when refused. */
export async function addApplicationNote(supabase: ServerSupabase, id: string, body: string): Promise<boolean> {
  const { data, error } = await supabase.rpc('add_application_note', { wanted_application: id, note_body: body });
  if (error) logError('add a note', error);
  return data === true;
}

/** How long a download link works: long enough to start the download, too short to pass on. */
export const DOWNLOAD_URL_SECONDS = 60;

/**
 * A signed URL for one of an application's files, valid for a minute. The staff member's own
 * session asks the database for the file, which checks the role and logs the download as it
 * answers; only then does the service role sign it (staff sessions read nothing in the bucket).
 * The server names the download (file-names.ts), never the applicant. Null when there is no such
 * file or the session may not have it.
 */
export async function signedFileUrl(supabase: ServerSupabase, applicationId: string, fileId: string): Promise<string | null> {
  const { data: file, error } = await supabase
    .rpc('staff_application_file', { wanted_application: applicationId, wanted_file: fileId })
    .maybeSingle();
  if (error) logError('read a file', error);
  if (!file || !isFileField(file.kind)) return null;
  const signed = await createAdminClient().storage.from(APPLICATIONS_BUCKET).createSignedUrl(file.object_path, DOWNLOAD_URL_SECONDS);
  if (signed.error) {
    logError('sign a download', { message: signed.error.message });
    return null;
  }
  // Added here rather than through createSignedUrl's `download` option, which encodes the name
  // twice (a name with an accent or a % would arrive garbled).
  const url = new URL(signed.data.signedUrl);
  url.searchParams.set('download', downloadName({ applicantName: file.applicant_name, kind: file.kind, contentType: file.content_type }));
  return url.href;
}

/**
 * Takes an application out of the talent pool, when the applicant withdraws that consent by mail
 * (the database checks the caller's role). True when it was in the pool and now is not.
 */
export async function takeOutOfTalentPool(supabase: ServerSupabase, id: string): Promise<boolean> {
  const { data, error } = await supabase.rpc('take_out_of_talent_pool', { application_id: id });
  if (error) logError('take an application out of the talent pool', error);
  return data === true;
}

/**
 * What taking this application out of the talent pool led to, read after the fact: the action deletes
 * at once when the four weeks after the procedure are already past (as the page said before the click).
 * Null when the row cannot be read.
 */
export async function talentPoolExitOf(supabase: ServerSupabase, id: string): Promise<TalentPoolExit | null> {
  const state = await applicationState(supabase, id);
  return state ? talentPoolExit(state) : null;
}

/**
 * Deletes an application on the applicant's request: the caller's session marks it (the database
 * checks the role; from then on staff no longer see it), then the service deletes the files and
 * rows. 'pending' when the files or rows could not all go yet; 'failed' when the mark was refused,
 * or the application is gone or already marked.
 */
export async function deleteApplicationOnRequest(supabase: ServerSupabase, id: string): Promise<'deleted' | 'pending' | 'failed'> {
  const { data, error } = await supabase.rpc('request_application_deletion', { application_id: id });
  if (error) logError('mark an application for deletion', error);
  if (data !== true) return 'failed';
  // Marked: whatever this does not finish, the next retention purge does.
  const result = await deleteApplications([id]);
  return result.failed.length === 0 ? 'deleted' : 'pending';
}
