import 'server-only';
import { unstable_cache } from 'next/cache';

import { contentTag, type Collection } from './collections';
import { contentVersionTag, syncContentVersions } from './shared-content-tags.mjs';

/**
 * `read`, cached per version of the collection and tagged with it. Each page that calls this while it
 * renders carries the tags, so the cache handler stops serving it once the version moves on (on any
 * instance), and contentChanged() expires it at once on this one.
 */
export async function cachedPerContentVersion<T>(collection: Collection, key: string[], read: () => Promise<T>): Promise<T> {
  await syncContentVersions();
  const version = contentVersionTag(collection);
  return unstable_cache(read, [...key, version], { tags: [contentTag(collection), version] })();
}
