import type { SupabaseClient } from '@supabase/supabase-js';

import type { Database } from '../supabase/database.types';

// The mail outbox's sender, given a service-role client and a way to deliver one queued mail
// (mail-outbox.ts is the server's entry point; the tests give it their own delivery).
//
// Guarantees, with the table public.mail_outbox:
// - A queued mail is claimed by one sender at a time: claim_mail_outbox() takes due rows with
//   `for update skip locked` and leases them; another sender skips them until the lease runs out.
// - A sent mail is never sent again: `sent` is final and never claimed.
// - A failed delivery is retried with exponential backoff, up to MAX_ATTEMPTS, then left as
//   `failed` for an admin to see (the account page lists it).
// - Each mark names the attempt it was claimed with, so a sender whose lease ran out (hung, then
//   woke up) cannot overwrite the outcome of the sender that took the row over.
// What remains at least once: a sender that dies after the mail server accepted a mail and before
// it marked the row sent leaves the row `sending`; when the lease runs out the mail goes again.
// That window is the time between SMTP's final reply and one database update.

/** Attempts before a mail is given up (the last ones a day or so after the first). */
export const MAX_ATTEMPTS = 12;
/** How long a claim lasts: longer than one delivery may take (seconds, see MAIL_TIMEOUTS). */
export const LEASE_SECONDS = 300;
/** Mails claimed at once; they are delivered side by side. */
const BATCH_SIZE = 5;
/** Batches per run, so one run stays bounded whatever the backlog. */
const MAX_BATCHES = 10;

const RETRY_BASE_SECONDS = 60;
const RETRY_MAX_SECONDS = 6 * 60 * 60;

/**
 * The pause before the next attempt, after `attempts` attempts: a minute, then doubling, at most
 * six hours. A mail provider's outage of a few hours is ridden out without a flood of retries.
 */
export function retryDelaySeconds(attempts: number): number {
  const exponent = Math.max(0, Math.min(attempts - 1, 30));
  return Math.min(RETRY_BASE_SECONDS * 2 ** exponent, RETRY_MAX_SECONDS);
}

export type OutboxKind = 'application_received' | 'application_notification';

export type ClaimedMail = { id: string; kind: OutboxKind; applicationId: string; attempts: number };

/**
 * What became of one delivery: sent, failed with the mailer's code (retried), or `EGONE` in
 * `code` when there is nothing left to send it for (the application was withdrawn or deleted),
 * which is not retried.
 */
export type Delivery = { status: 'sent' } | { status: 'failed'; code: string };

export type Deliver = (mail: ClaimedMail) => Promise<Delivery>;

export type OutboxRun = {
  /** False when the outbox could not be read or a mark failed; the next run picks up what is left. */
  ok: boolean;
  sent: number;
  /** Failed this time, to be tried again. */
  retrying: number;
  /** Failed for the last time. */
  gaveUp: number;
};

/** Codes that no retry can change. */
const FINAL_CODES = new Set(['EGONE']);

const isKind = (kind: string): kind is OutboxKind => kind === 'application_received' || kind === 'application_notification';

/** Claims, delivers and marks what is due, in bounded batches. Never throws. */
export async function runOutboxWith(admin: SupabaseClient<Database>, deliver: Deliver): Promise<OutboxRun> {
  const run: OutboxRun = { ok: true, sent: 0, retrying: 0, gaveUp: 0 };
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const claimed = await admin.rpc('claim_mail_outbox', { max_rows: BATCH_SIZE, lease_seconds: LEASE_SECONDS });
    if (claimed.error) {
      console.error('[mail-outbox] could not claim mails:', claimed.error.code);
      return { ...run, ok: false };
    }
    if (claimed.data.length === 0) break;
    const outcomes = await Promise.all(
      claimed.data.map(async (row) => {
        if (!isKind(row.kind)) return settle(admin, row, { status: 'failed', code: 'EKIND' });
        const mail: ClaimedMail = { id: row.id, kind: row.kind, applicationId: row.application_id, attempts: row.attempts };
        let delivery: Delivery;
        try {
          delivery = await deliver(mail);
        } catch (error) {
          // A delivery is meant never to throw; one that does is a bug, retried like a failure.
          console.error(`[mail-outbox] delivery threw: ${error instanceof Error ? error.name : typeof error}`);
          delivery = { status: 'failed', code: 'EUNKNOWN' };
        }
        return settle(admin, row, delivery);
      }),
    );
    for (const outcome of outcomes) {
      if (outcome === 'markFailed') run.ok = false;
      else run[outcome]++;
    }
    if (claimed.data.length < BATCH_SIZE) break;
  }
  return run;
}

type Claimed = { id: string; attempts: number };

/** Records a delivery on the row, if this sender still holds it. */
async function settle(
  admin: SupabaseClient<Database>,
  row: Claimed,
  delivery: Delivery,
): Promise<'sent' | 'retrying' | 'gaveUp' | 'markFailed'> {
  const now = new Date();
  let outcome: 'sent' | 'retrying' | 'gaveUp';
  let update: Database['public']['Tables']['mail_outbox']['Update'];
  if (delivery.status === 'sent') {
    outcome = 'sent';
    update = { state: 'sent', sent_at: now.toISOString(), lease_until: null, last_error: null };
  } else {
    const code = /^[A-Z][A-Z0-9_]{1,31}$/.test(delivery.code) ? delivery.code : 'EUNKNOWN';
    const final = row.attempts >= MAX_ATTEMPTS || FINAL_CODES.has(code);
    outcome = final ? 'gaveUp' : 'retrying';
    update = {
      state: final ? 'failed' : 'pending',
      lease_until: null,
      last_error: code,
      next_attempt_at: new Date(now.getTime() + retryDelaySeconds(row.attempts) * 1000).toISOString(),
    };
  }
  const { error } = await admin.from('mail_outbox').update(update).eq('id', row.id).eq('state', 'sending').eq('attempts', row.attempts);
  if (error) {
    // A mail that went out but could not be marked goes again after its lease: at least once.
    console.error('[mail-outbox] could not record a delivery:', error.code);
    return 'markFailed';
  }
  return outcome;
}
