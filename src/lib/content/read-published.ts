import 'server-only';
import { unstable_cache } from 'next/cache';
import type { z } from 'zod';

import { createAnonymousClient } from '@/lib/supabase/anonymous';

import type { Collection } from './collections';
import { validateRows, type ContentRow } from './content-rows';
import { cachedPerContentVersion } from './content-version-cache';
import type { ContentEntry } from './parse-content-file';
// The tag of a page `next build` rendered without content: the cache handler never serves it.
import { CONTENT_UNAVAILABLE_TAG } from './shared-content-tags.mjs';

class ContentUnavailableError extends Error {
  override name = 'ContentUnavailableError';
}

async function publishedRows(collection: Collection): Promise<ContentRow[]> {
  return cachedPerContentVersion(collection, ['published-content'], async () => {
    const { data, error } = await createAnonymousClient().rpc('published_content', { wanted_collection: collection });
    if (error !== null) throw new ContentUnavailableError(`published_content(${collection}) failed: ${error.message}`);
    return data;
  });
}

const isBuild = () => process.env.NEXT_PHASE === 'phase-production-build';

async function markUnavailable(): Promise<void> {
  await unstable_cache(async () => true, ['content-unavailable'], { tags: [CONTENT_UNAVAILABLE_TAG] })();
}

/**
 * What visitors see of a collection: published_content() read with the anon key, every row checked
 * against the schema (an invalid one is logged and left out). While `next build` runs without a
 * reachable backend, an empty list, and the page is marked to be rendered again on request.
 */
export async function readPublished<Schema extends z.ZodType>(
  collection: Collection,
  schema: Schema,
): Promise<ContentEntry<z.output<Schema>>[]> {
  let rows: ContentRow[];
  try {
    rows = await publishedRows(collection);
  } catch (error) {
    if (!(error instanceof ContentUnavailableError) || !isBuild()) throw error;
    console.warn(`Content for ${collection} is rendered on first request: ${error instanceof Error ? error.message : String(error)}`);
    await markUnavailable();
    return [];
  }
  const { entries, rejected } = validateRows(collection, rows, schema);
  for (const { row, reasons } of rejected) console.error(`Content row ${row} is invalid and is not shown: ${reasons.join('; ')}`);
  return entries;
}
