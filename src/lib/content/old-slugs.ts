import 'server-only';
import { cache } from 'react';

import { createAnonymousClient } from '@/lib/supabase/anonymous';

import type { Collection } from './collections';

/**
 * The current slug of the entry an old slug belonged to, when that entry is published; else null.
 * Read for each render that needs it and kept nowhere else: the slug is whatever a visitor typed,
 * so a copy per slug would grow with every probe (the page cache keeps no 404 either).
 */
export const currentSlugFor = cache(async (collection: Collection, oldSlug: string): Promise<string | null> => {
  const { data, error } = await createAnonymousClient().rpc('content_redirect_target', {
    wanted_collection: collection,
    old_slug: oldSlug,
  });
  // Thrown, not read as "no redirect": a 404 would be answered for a page that has moved.
  if (error !== null) throw new Error(`content_redirect_target(${collection}) failed: ${error.message}`);
  return data;
});
