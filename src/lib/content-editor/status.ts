import type { Tables } from '@/lib/supabase/database.types';

/*
 * A language's status in the editor's list, from the working copy's columns alone:
 * - draft: visitors see nothing (never published, or unpublished);
 * - scheduled: a revision waits for its time (whatever is live until then);
 * - published: visitors see the working copy as it is;
 * - changed: published, and the working copy has changed since.
 */

export const DOCUMENT_STATUSES = ['draft', 'scheduled', 'published', 'changed'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export type StatusColumns = Pick<Tables<'content_documents'>, 'version' | 'live_version' | 'scheduled_for'> & {
  /** The working-copy version the scheduled revision was made from; needed once it is due. */
  scheduled_version: number | null;
};

export function documentStatus(document: StatusColumns, now: Date = new Date()): DocumentStatus {
  const { version, live_version: liveVersion, scheduled_for: scheduledFor, scheduled_version: scheduledVersion } = document;
  if (scheduledFor !== null) {
    // A scheduled revision that is due is what visitors see, whether or not the tick has run.
    if (Date.parse(scheduledFor) > now.getTime()) return 'scheduled';
    return scheduledVersion === version ? 'published' : 'changed';
  }
  if (liveVersion === null) return 'draft';
  return liveVersion === version ? 'published' : 'changed';
}
