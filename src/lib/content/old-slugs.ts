import 'server-only';

import { createAnonymousClient } from '@/lib/supabase/anonymous';

import type { Collection } from './collections';
import { cachedPerContentVersion } from './content-version-cache';

/**
 * The current slug of the entry an old slug belonged to, when that entry is published; else null.
 * Cached per version of the collection like the content itself (read-published.ts), so a slug
 * change shows at once.
 */
export async function currentSlugFor(collection: Collection, oldSlug: string): Promise<string | null> {
  return cachedPerContentVersion(collection, ['content-redirect', oldSlug], async () => {
    const { data, error } = await createAnonymousClient().rpc('content_redirect_target', {
      wanted_collection: collection,
      old_slug: oldSlug,
    });
    // Thrown, not read as "no redirect": a 404 would be cached for a page that has moved.
    if (error !== null) throw new Error(`content_redirect_target(${collection}) failed: ${error.message}`);
    return data;
  });
}
