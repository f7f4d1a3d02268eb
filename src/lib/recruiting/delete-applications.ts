import 'server-only';

import { createAdminClient } from '@/lib/supabase/admin';

import { deleteApplicationsWith, type DeletionResult } from './application-deletion';

export type { DeletionResult } from './application-deletion';

/**
 * Deletes applications with their files (Storage first, then the rows, see
 * application-deletion.ts for why) and their notes, as the service. For the applicant's own
 * withdrawal and for the retention purge; never call it with ids from a visitor without
 * checking that the visitor may delete them.
 *
 * Whatever fails stays marked for deletion, hidden from staff, and is finished by the next
 * purge (purgeExpiredApplications), so `failed` need not be retried by the caller.
 */
export async function deleteApplications(ids: string[]): Promise<DeletionResult> {
  return deleteApplicationsWith(createAdminClient(), ids);
}
