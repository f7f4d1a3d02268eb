import 'server-only';
import { revalidatePath } from 'next/cache';

import type { Collection } from './collections';

/**
 * What the editor and the scheduled tick call after anything visitors see has changed (publish,
 * schedule, unpublish, a slug change). Every public page lives for seconds in any cache
 * (src/lib/page-cache/lifetimes.mjs), so every instance and every shared cache shows the change
 * within that time by itself; this makes this instance render every page again at its next request,
 * so the editor who made the change sees it at once.
 *
 * Every page, not only the collection's: a post or vacancy also shows in the home page's teasers, the
 * search page, the sitemap and the feeds.
 */
export async function contentChanged(_collection: Collection): Promise<void> {
  revalidatePath('/', 'layout');
}
