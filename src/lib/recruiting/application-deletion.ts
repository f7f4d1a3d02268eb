import type { SupabaseClient } from '@supabase/supabase-js';

import type { Database } from '../supabase/database.types';
import { isUuid } from '../uuid';

// Deleting applications with their files, given a service-role client. Kept apart from the
// `server-only` entry point (delete-applications.ts) and free of path aliases because bench/uploads.ts
// runs it under plain tsx, where `server-only` throws.

/** The private Storage bucket the applications' files live in (created by the migration). */
export const APPLICATIONS_BUCKET = 'applications';

/** Applications handled per round trip: short enough for a URL filter and one Storage remove. */
const BATCH = 50;

export type DeletionResult = {
  /** Gone, with their files and notes (ids that named no application count as gone). */
  deleted: string[];
  /** Still there, marked for deletion: hidden from staff and picked up by the next purge. */
  failed: string[];
};

export function isApplicationId(id: unknown): id is string {
  return isUuid(id);
}

type StoredObject = Database['public']['Functions']['application_objects']['Returns'][number];

async function objectsOf(admin: SupabaseClient<Database>, ids: string[]): Promise<StoredObject[] | null> {
  const { data, error } = await admin.rpc('application_objects', { application_ids: ids });
  if (error) {
    console.error('[recruiting] could not list application files:', error.code, error.message);
    return null;
  }
  return data;
}

/**
 * One batch, in this order, so that a failure anywhere leaves something the next purge finishes
 * and never a file nobody can find:
 *
 * 1. Mark the rows (deletion_requested_at). From here on staff no longer see them, and
 *    applications_past_retention() returns them until they are gone, whatever stops us below.
 * 2. Remove the files through the Storage API (hosted Supabase refuses SQL deletes from
 *    storage.objects, and those would leave the bytes behind anyway). Files first, because the
 *    rows are the only record of which objects belong to whom: delete the rows first and a failed
 *    remove leaves files of an application that no longer exists.
 * 3. Ask the database which of the objects it still holds; an application with any left keeps
 *    its rows and is reported as failed.
 * 4. Delete the rows of the rest; files and notes go with them (on delete cascade). If this
 *    fails, the rows stay marked and their files are already gone: the next purge removes
 *    nothing more and deletes them then.
 */
async function deleteBatch(admin: SupabaseClient<Database>, ids: string[]): Promise<DeletionResult> {
  const failAll = { deleted: [], failed: ids };

  const marked = await admin
    .from('applications')
    .update({ deletion_requested_at: new Date().toISOString() })
    .in('id', ids)
    .is('deletion_requested_at', null);
  if (marked.error) {
    console.error('[recruiting] could not mark applications for deletion:', marked.error.code, marked.error.message);
    return failAll;
  }
  const existing = await admin.from('applications').select('id').in('id', ids);
  if (existing.error) {
    console.error('[recruiting] could not read applications to delete:', existing.error.code, existing.error.message);
    return failAll;
  }
  const present = new Set(existing.data.map((row) => row.id));
  // Withdrawn twice, or purged by another instance meanwhile: nothing left to do for those.
  const alreadyGone = ids.filter((id) => !present.has(id));
  const toDelete = ids.filter((id) => present.has(id));
  if (toDelete.length === 0) return { deleted: alreadyGone, failed: [] };

  const objects = await objectsOf(admin, toDelete);
  if (objects === null) return { deleted: alreadyGone, failed: toDelete };
  const stored = objects.filter((object) => object.stored).map((object) => object.name);
  if (stored.length > 0) {
    const removed = await admin.storage.from(APPLICATIONS_BUCKET).remove(stored);
    if (removed.error) console.error('[recruiting] could not remove application files:', removed.error.message);
  }

  // Storage's remove answers with what it removed and skips what it could not, so the database
  // has the last word on what is left.
  const left = stored.length > 0 ? await objectsOf(admin, toDelete) : [];
  if (left === null) return { deleted: alreadyGone, failed: toDelete };
  const withFilesLeft = new Set(left.filter((object) => object.stored).map((object) => object.application_id));
  const clear = toDelete.filter((id) => !withFilesLeft.has(id));
  const failed = toDelete.filter((id) => withFilesLeft.has(id));
  if (clear.length === 0) return { deleted: alreadyGone, failed };

  const removedRows = await admin.from('applications').delete().in('id', clear);
  if (removedRows.error) {
    console.error('[recruiting] could not delete applications:', removedRows.error.code, removedRows.error.message);
    return { deleted: alreadyGone, failed: [...failed, ...clear] };
  }
  return { deleted: [...alreadyGone, ...clear], failed };
}

/**
 * Deletes applications, their files in Storage and their notes, with a service-role client.
 * Ids that are not UUIDs are reported as failed and never sent anywhere.
 */
export async function deleteApplicationsWith(admin: SupabaseClient<Database>, ids: readonly string[]): Promise<DeletionResult> {
  const unique = [...new Set(ids)];
  const valid = unique.filter((id) => isApplicationId(id)).map((id) => id.toLowerCase());
  const result: DeletionResult = { deleted: [], failed: unique.filter((id) => !isApplicationId(id)) };
  const distinct = [...new Set(valid)];
  for (let i = 0; i < distinct.length; i += BATCH) {
    const batch = await deleteBatch(admin, distinct.slice(i, i + BATCH));
    result.deleted.push(...batch.deleted);
    result.failed.push(...batch.failed);
  }
  return result;
}
