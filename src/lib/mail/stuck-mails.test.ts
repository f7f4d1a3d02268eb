import { describe, expect, it } from 'vitest';

import { STUCK_AFTER_MS, summarizeStuckMails } from './stuck-mails';

const now = new Date('2026-11-26T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('summarizeStuckMails', () => {
  it('reports nothing for mail that was just queued and has not been tried yet', () => {
    expect(
      summarizeStuckMails([{ kind: 'application_received', state: 'pending', attempts: 0, last_error: null, created_at: ago(1000) }], now),
    ).toEqual({
      retrying: 0,
      gaveUp: 0,
      oldestQueuedAt: null,
      errors: [],
      unconfirmed: [],
    });
  });

  it('counts mail that failed, mail queued too long and mail given up, with the oldest and the codes by frequency', () => {
    const summary = summarizeStuckMails(
      [
        { kind: 'application_received', state: 'pending', attempts: 2, last_error: 'ECONNECTION', created_at: ago(60_000) },
        { kind: 'application_notification', state: 'sending', attempts: 0, last_error: null, created_at: ago(STUCK_AFTER_MS + 1) },
        { kind: 'application_received', state: 'failed', attempts: 12, last_error: 'EAUTH', created_at: ago(2 * 86_400_000) },
        { kind: 'application_notification', state: 'failed', attempts: 12, last_error: 'EAUTH', created_at: ago(86_400_000) },
        { kind: 'application_received', state: 'pending', attempts: 1, last_error: 'ECONNECTION', created_at: ago(30_000) },
      ],
      now,
    );
    expect(summary).toEqual({
      retrying: 3,
      gaveUp: 2,
      oldestQueuedAt: ago(2 * 86_400_000),
      errors: [
        { code: 'EAUTH', count: 2 },
        { code: 'ECONNECTION', count: 2 },
      ],
      // Only a given-up confirmation leaves an applicant without a withdraw link; a notification is the team's own.
      unconfirmed: [ago(2 * 86_400_000)],
    });
  });
});
