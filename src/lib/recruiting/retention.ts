import 'server-only';

import { createAdminClient } from '@/lib/supabase/admin';

import { purgeExpiredApplicationsWith, purgeOldApplicationDraftsWith, type PurgeResult } from './application-retention';

export type { PurgeResult } from './application-retention';

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

/** Calls a service-role purge function; the number of rows it deleted, or null when it failed (logged). */
async function purgeBy(
  fn: 'purge_old_contact_messages' | 'purge_old_rate_limit_hits' | 'purge_old_application_access_log',
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
