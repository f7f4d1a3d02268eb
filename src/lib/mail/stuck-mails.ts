import type { SupabaseClient } from '@supabase/supabase-js';

import type { Database } from '../supabase/database.types';

/** A mail queued this long ago and still not sent is reported, even before its first failure. */
export const STUCK_AFTER_MS = 10 * 60 * 1000;
/** Rows read for the summary; more than this waiting is a count of "at least". */
const MAX_ROWS = 500;

export type StuckMails = {
  /** Waiting for another attempt (failed at least once, or queued longer than STUCK_AFTER_MS). */
  retrying: number;
  /** Given up after the last attempt: sent by nobody unless someone acts. */
  gaveUp: number;
  /** When the oldest of them was queued (ISO). */
  oldestQueuedAt: string | null;
  /** The mailer's last failure codes, most frequent first. */
  errors: { code: string; count: number }[];
  /**
   * When the applications came in whose confirmation was given up (ISO, oldest first): those
   * applicants have no confirmation and no withdraw link, so the recruiting team mails them itself.
   * The mail is queued as the application is stored, so its queue time is the arrival.
   */
  unconfirmed: string[];
};

type OutboxRow = Pick<Database['public']['Tables']['mail_outbox']['Row'], 'kind' | 'state' | 'attempts' | 'last_error' | 'created_at'>;

/** What an admin is told about unsent mail, from the outbox rows not yet sent. Pure. */
export function summarizeStuckMails(rows: OutboxRow[], now: Date): StuckMails {
  const stuck = rows.filter(
    (row) => row.state === 'failed' || row.attempts > 0 || new Date(row.created_at).getTime() <= now.getTime() - STUCK_AFTER_MS,
  );
  const counts = new Map<string, number>();
  for (const row of stuck) if (row.last_error !== null) counts.set(row.last_error, (counts.get(row.last_error) ?? 0) + 1);
  const oldest = stuck.reduce<string | null>(
    (first, row) => (first === null || new Date(row.created_at) < new Date(first) ? row.created_at : first),
    null,
  );
  return {
    retrying: stuck.filter((row) => row.state !== 'failed').length,
    gaveUp: stuck.filter((row) => row.state === 'failed').length,
    oldestQueuedAt: oldest,
    errors: [...counts].map(([code, count]) => ({ code, count })).sort((a, b) => b.count - a.count || a.code.localeCompare(b.code)),
    unconfirmed: stuck
      .filter((row) => row.state === 'failed' && row.kind === 'application_received')
      .map((row) => row.created_at)
      .sort((a, b) => new Date(a).getTime() - new Date(b).getTime()),
  };
}

/**
 * Unsent mail as the signed-in admin may see it: the policy on public.mail_outbox lets admins at
 * aal2 read it and nobody else, so this uses the visitor's own session. Null when it cannot be read.
 */
export async function readStuckMails(supabase: SupabaseClient<Database>, now = new Date()): Promise<StuckMails | null> {
  const { data, error } = await supabase
    .from('mail_outbox')
    .select('kind, state, attempts, last_error, created_at')
    .neq('state', 'sent')
    .order('created_at')
    .limit(MAX_ROWS);
  if (error) {
    console.error('[mail-outbox] could not read the outbox:', error.code);
    return null;
  }
  return summarizeStuckMails(data, now);
}
