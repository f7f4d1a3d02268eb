import 'server-only';
import { revalidateTag } from 'next/cache';

import type { Collection } from './read-collection';

/**
 * What the editor calls after anything visitors see has changed (publish, schedule, unpublish, a
 * slug change), so every page built from the collection (detail, lists, home teasers, feed,
 * sitemap, Open Graph images) is rebuilt on its next request, on every instance.
 */
export async function contentChanged(collection: Collection): Promise<void> {
  revalidateTag(`content:${collection}`, 'max');
}
