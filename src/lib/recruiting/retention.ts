import 'server-only';

import type { SupabaseClient } from '@supabase/supabase-js';

import { createAdminClient } from '@/lib/supabase/admin';
import type { Database } from '@/lib/supabase/database.types';

import { APPLICATIONS_BUCKET, deleteApplicationsWith, type DeletionResult } from './application-deletion';

// The purges are written against a service-role client (the *With functions), so the backend tests
// run them against the embedded Supabase; the exports without the suffix use the server's client.
// Which applications are due is the database's rule, applications_past_retention(): four weeks
// after the procedure ended, or a year after arrival with the talent-pool consent.

/** Applications per run; a backlog larger than this is worked off by the next runs. */
const MAX_APPLICATIONS_PER_RUN = 500;
/** Storage's remove takes at most 1,000 names per request. */
const MAX_UNTRACKED_PER_RUN = 1000;

export type PurgeResult = {
  /** False when any step failed or could not run; what is left waits for the next run. */
  ok: boolean;
  applications: DeletionResult;
  /** Objects in the bucket that no file row named (uploads whose row was never written). */
  untrackedObjects: { removed: number; failed: number };
};

export type PurgeOptions = {
  /** How old an object without a row must be before it goes (Postgres interval, default a day). For tests. */
  untrackedMinAge?: string;
};

async function removeUntrackedObjects(
  admin: SupabaseClient<Database>,
  minAge: string | undefined,
): Promise<PurgeResult['untrackedObjects'] | null> {
  const listed = await admin
    .rpc('application_objects_untracked', minAge === undefined ? {} : { min_age: minAge })
    .limit(MAX_UNTRACKED_PER_RUN);
  if (listed.error) {
    console.error('[recruiting] could not list untracked application files:', listed.error.code, listed.error.message);
    return null;
  }
  const names = listed.data;
  if (names.length === 0) return { removed: 0, failed: 0 };
  const { data, error } = await admin.storage.from(APPLICATIONS_BUCKET).remove(names);
  if (error) {
    console.error('[recruiting] could not remove untracked application files:', error.message);
    return { removed: 0, failed: names.length };
  }
  return { removed: data.length, failed: names.length - data.length };
}

/** Deletes every application past its retention period, and files that belong to none. */
export async function purgeExpiredApplicationsWith(admin: SupabaseClient<Database>, options: PurgeOptions = {}): Promise<PurgeResult> {
  const due = await admin.rpc('applications_past_retention').limit(MAX_APPLICATIONS_PER_RUN);
  let applications: DeletionResult = { deleted: [], failed: [] };
  if (due.error) {
    console.error('[recruiting] could not find applications past retention:', due.error.code, due.error.message);
  } else {
    applications = await deleteApplicationsWith(admin, due.data);
  }
  const untracked = await removeUntrackedObjects(admin, options.untrackedMinAge);
  const untrackedObjects = untracked ?? { removed: 0, failed: 0 };
  const ok = !due.error && applications.failed.length === 0 && untracked !== null && untrackedObjects.failed === 0;
  return { ok, applications, untrackedObjects };
}

/**
 * Application drafts (what a form sent without JavaScript typed, kept for the page it returns
 * to) live an hour at most. Each new draft clears the old ones; this covers a quiet site. The
 * number deleted, or null when the database could not be reached.
 */
export async function purgeOldApplicationDraftsWith(admin: SupabaseClient<Database>): Promise<number | null> {
  const hourAgo = new Date(Date.now() - 60 * 60 * 1000).toISOString();
  const { data, error } = await admin.from('application_drafts').delete().lt('created_at', hourAgo).select('id');
  if (error) {
    console.error('[retention] could not purge application drafts:', error.code, error.message);
    return null;
  }
  return data.length;
}

/**
 * Deletes every application past its retention period (four weeks after the procedure ended,
 * and in any case a year after it arrived), with its files and notes, and files in the
 * bucket that belong to no application. Runs after each new application and from the hourly
 * POST /api/retention, so the promise holds with or without a scheduler. Never throws: a run
 * that fails is logged and the next one picks up what is left.
 */
export async function purgeExpiredApplications(): Promise<PurgeResult> {
  try {
    return await purgeExpiredApplicationsWith(createAdminClient());
  } catch (error) {
    // Callers run this after storing an application; a broken purge must not fail that.
    console.error('[retention] purge failed:', error instanceof Error ? error.message : 'unknown error');
    return { ok: false, applications: { deleted: [], failed: [] }, untrackedObjects: { removed: 0, failed: 0 } };
  }
}

/**
 * Contact messages twelve months after the last contact. New messages already do this on
 * insert (a trigger); this covers sites that go months without one. The number deleted, or
 * null when the database could not be reached.
 */
export function purgeOldContactMessages(): Promise<number | null> {
  return purgeBy('purge_old_contact_messages', 'contact messages');
}

/**
 * Rate-limit hits older than a day. Each limited request clears them too; this covers the quiet
 * hours in which none comes. The number deleted, or null when the database could not be reached.
 */
export function purgeOldRateLimitHits(): Promise<number | null> {
  return purgeBy('purge_old_rate_limit_hits', 'rate-limit hits');
}

/**
 * Application access log entries older than a year (the period the privacy statement names). The
 * number deleted, or null when the database could not be reached.
 */
export function purgeOldApplicationAccessLog(): Promise<number | null> {
  return purgeBy('purge_old_application_access_log', 'application access log entries');
}

/**
 * The record of rights requests after five years (the period the privacy statement names). The
 * number deleted, or null when the database could not be reached.
 */
export function purgeOldRightsRequests(): Promise<number | null> {
  return purgeBy('purge_old_rights_requests', 'rights request records');
}

/**
 * The record of site-wide cap refusals after thirty days (public.site_cap_trips, shown to admins).
 * The number deleted, or null when the database could not be reached.
 */
export function purgeOldSiteCapTrips(): Promise<number | null> {
  return purgeBy('purge_old_site_cap_trips', 'site-wide cap refusals');
}

/** Calls a service-role purge function; the number of rows it deleted, or null when it failed (logged). */
async function purgeBy(
  fn:
    | 'purge_old_contact_messages'
    | 'purge_old_rate_limit_hits'
    | 'purge_old_application_access_log'
    | 'purge_old_site_cap_trips'
    | 'purge_old_rights_requests',
  what: string,
): Promise<number | null> {
  const { data, error } = await createAdminClient().rpc(fn);
  if (error) {
    console.error(`[retention] could not purge ${what}:`, error.code, error.message);
    return null;
  }
  return data;
}

/** Application drafts older than an hour (see purgeOldApplicationDraftsWith); null on failure. */
export async function purgeOldApplicationDrafts(): Promise<number | null> {
  return purgeOldApplicationDraftsWith(createAdminClient());
}
