import 'server-only';
import type { SupabaseClient } from '@supabase/supabase-js';
import { revalidateTag } from 'next/cache';

import type { Database } from '@/lib/supabase/database.types';
import { createClient } from '@/lib/supabase/server';

import { contentTag, type Collection } from './collections';

/**
 * What the editor calls after anything visitors see has changed (publish, schedule, unpublish, a
 * slug change), so every page built from the collection (detail, lists, home teasers, feed,
 * sitemap, Open Graph images) is rebuilt on its next request, on every instance: the change is
 * recorded in Postgres, which every instance's cache handler reads (shared-content-tags.mjs), and
 * expired here at once.
 *
 * The record is written with the caller's own session (content staff at aal2); the scheduled tick,
 * which has none, passes its service-role client.
 */
export async function contentChanged(collection: Collection, options: { client?: SupabaseClient<Database> } = {}): Promise<void> {
  const client = options.client ?? (await createClient());
  const { error } = await client.rpc('content_mark_changed', { wanted_collection: collection });
  // This instance still expires its pages; the others catch up at the latest when their pages are
  // regenerated on their own schedule.
  if (error !== null) console.error(`Content change of ${collection} not shared with other instances: ${error.message}`);
  revalidateTag(contentTag(collection), { expire: 0 });
}
