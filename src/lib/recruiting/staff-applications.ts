import 'server-only';

import { hasLocale } from 'next-intl';

import { routing, type Locale } from '@/i18n/routing';
import { fileFields, type FileField } from '@/lib/applications/application-fields';
import type { ServerSupabase } from '@/lib/auth/server-session';
import type { Tables } from '@/lib/supabase/database.types';

import { APPLICATIONS_BUCKET } from './application-deletion';
import { applicationsPageCount, applicationsPageRange, OPEN_APPLICATION, type ApplicationFilters } from './application-filters';
import { talentPoolExit, type ApplicationStatus, type TalentPoolExit } from './application-status';
import { deleteApplications } from './delete-applications';
import { displayFileName, downloadName } from './file-names';

// Staff read and work the applications with their own session: row-level security (staff at
// aal2 in a live session, is_staff()) is the real gate, on the tables and on the Storage
// bucket alike; the checks in the pages are the courtesy.

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

// Literal types, so the typed client knows the rows it selects.
const summaryColumns = 'id, created_at, name, vacancy_slug, vacancy_title, status, talent_pool, locale' as const;
const detailColumns =
  `${summaryColumns}, email, phone, profile_url, motivation, status_changed_at, status_changed_by, procedure_ended_at` as const;

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

/** One page of applications, newest first, filtered; null when the database could not be read. */
export async function listApplications(supabase: ServerSupabase, filters: ApplicationFilters): Promise<ApplicationsPage | null> {
  // The same filters on the count and on the page. Written out for each query rather than
  // through a helper generic over PostgREST's builder types, which TypeScript cannot follow.
  const vacancy = filters.vacancy === OPEN_APPLICATION ? null : filters.vacancy;
  let countQuery = supabase.from('applications').select('id', { count: 'exact', head: true });
  let pageQuery = supabase.from('applications').select(summaryColumns);
  if (vacancy === null) {
    countQuery = countQuery.is('vacancy_slug', null);
    pageQuery = pageQuery.is('vacancy_slug', null);
  } else if (vacancy !== undefined) {
    countQuery = countQuery.eq('vacancy_slug', vacancy);
    pageQuery = pageQuery.eq('vacancy_slug', vacancy);
  }
  if (filters.status !== undefined) {
    countQuery = countQuery.eq('status', filters.status);
    pageQuery = pageQuery.eq('status', filters.status);
  }

  const [vacancies, counted] = await Promise.all([vacancyCounts(supabase), countQuery]);
  if (vacancies === null) return null;
  if (counted.error || counted.count === null) {
    logError('count applications', counted.error ?? { message: 'no count' });
    return null;
  }
  const pageCount = applicationsPageCount(counted.count);
  const page = Math.min(filters.page, pageCount);
  const { from, to } = applicationsPageRange(page);
  // Ties on created_at are broken by id, so no application sits on two pages or on none.
  const { data, error } = await pageQuery.order('created_at', { ascending: false }).order('id', { ascending: true }).range(from, to);
  if (error) {
    logError('list applications', error);
    return null;
  }
  const applications = data.flatMap(({ locale, ...row }) => (hasLocale(routing.locales, locale) ? [{ ...row, locale }] : []));
  if (applications.length < data.length) {
    logError('list applications', { message: 'a row breaks its table’s constraints' });
    return null;
  }
  return { applications, page, pageCount, total: counted.count, vacancies };
}

/** When an application arrived, for its page's title; null when there is none to show. */
export async function getApplicationReceivedAt(supabase: ServerSupabase, id: string): Promise<string | null> {
  const { data, error } = await supabase.from('applications').select('created_at').eq('id', id).maybeSingle();
  if (error) logError('read an application', error);
  return data?.created_at ?? null;
}

/**
 * Records in the access log that this staff member opens an application (no file) or downloads
 * one of its files. No entry, no access: false when the database wrote nothing (no such live
 * application or file, not recruiting staff) or could not be reached.
 */
async function recordAccess(supabase: ServerSupabase, applicationId: string, fileId?: string): Promise<boolean> {
  const { data, error } = await supabase.rpc('log_application_access', { application_id: applicationId, file_id: fileId });
  if (error) logError('record an access to an application', error);
  return error === null && data === true;
}

/**
 * An application with its files, notes and the people in its history, or null when it does
 * not exist or this session may not see it. Each call is recorded in the access log first.
 * Throws nothing: a failed read is logged and null.
 */
export async function getApplication(supabase: ServerSupabase, id: string): Promise<ApplicationDetail | null> {
  if (!(await recordAccess(supabase, id))) return null;
  const [application, fileRows, notes] = await Promise.all([
    supabase.from('applications').select(detailColumns).eq('id', id).maybeSingle(),
    supabase.from('application_files').select('id, kind, file_name, content_type, size_bytes').eq('application_id', id).order('kind'),
    supabase.from('application_notes').select('id, author_id, body, created_at').eq('application_id', id).order('created_at').order('id'),
  ]);
  const failed = application.error ?? fileRows.error ?? notes.error;
  if (failed) {
    logError('read an application', failed);
    return null;
  }
  // With no error, only the application can be missing; the lists are there, maybe empty.
  if (application.data === null || fileRows.data === null || notes.data === null) return null;
  const { locale } = application.data;
  const files = fileRows.data.flatMap(({ kind, ...file }) => (isFileField(kind) ? [{ ...file, kind }] : []));
  if (!hasLocale(routing.locales, locale) || files.length < fileRows.data.length) {
    logError('read an application', { message: 'a row breaks its table’s constraints' });
    return null;
  }
  const detail: Application = { ...application.data, locale };
  const noteRows = notes.data;

  const ids = [...new Set([detail.status_changed_by, ...noteRows.map((note) => note.author_id)].filter((value) => value !== null))];
  const actors: Record<string, string> = {};
  if (ids.length > 0) {
    const { data, error } = await supabase.rpc('application_actor_emails', { user_ids: ids });
    // Without the names the page still works; it says "a staff member" instead.
    if (error) logError('read who handled an application', error);
    for (const row of data ?? []) actors[row.id] = row.email;
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
  const { data: row } = await supabase.from('applications').select('status').eq('id', id).maybeSingle();
  return row?.status === status ? 'unchanged' : 'failed';
}

/** Adds a note in the caller's name (the database sets author and time); false when refused. */
export async function addApplicationNote(supabase: ServerSupabase, id: string, body: string): Promise<boolean> {
  const { error } = await supabase.from('application_notes').insert({ application_id: id, body });
  if (error) logError('add a note', error);
  return !error;
}

/** How long a download link works: long enough to start the download, too short to pass on. */
export const DOWNLOAD_URL_SECONDS = 60;

/**
 * A signed URL for one of an application's files, valid for a minute, made with the staff
 * member's own session: Storage signs only what row-level security lets this session read.
 * The server names the download (file-names.ts), never the applicant. Recorded in the access log
 * first. Null when there is no such file or the session may not have it.
 */
export async function signedFileUrl(supabase: ServerSupabase, applicationId: string, fileId: string): Promise<string | null> {
  if (!(await recordAccess(supabase, applicationId, fileId))) return null;
  const [files, applications] = await Promise.all([
    supabase
      .from('application_files')
      .select('object_path, kind, content_type')
      .eq('id', fileId)
      .eq('application_id', applicationId)
      .maybeSingle(),
    supabase.from('applications').select('name').eq('id', applicationId).maybeSingle(),
  ]);
  const failed = files.error ?? applications.error;
  if (failed) logError('read a file', failed);
  const file = files.data;
  const application = applications.data;
  if (file === null || application === null || !isFileField(file.kind)) return null;
  const signed = await supabase.storage.from(APPLICATIONS_BUCKET).createSignedUrl(file.object_path, DOWNLOAD_URL_SECONDS);
  if (signed.error) {
    logError('sign a download', { message: signed.error.message });
    return null;
  }
  // Added here rather than through createSignedUrl's `download` option, which encodes the name
  // twice (a name with an accent or a % would arrive garbled).
  const url = new URL(signed.data.signedUrl);
  url.searchParams.set('download', downloadName({ applicantName: application.name, kind: file.kind, contentType: file.content_type }));
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
  const { data, error } = await supabase.from('applications').select('created_at, status, procedure_ended_at').eq('id', id).maybeSingle();
  if (error) logError('read an application', error);
  return data ? talentPoolExit(data) : null;
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
