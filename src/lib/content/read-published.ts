import 'server-only';
import { cache } from 'react';
import type { z } from 'zod';

import { createAnonymousClient } from '@/lib/supabase/anonymous';

import type { Collection } from './collections';
import { validateRows, type ContentRow } from './content-rows';
import type { ContentEntry } from './parse-content-file';

class ContentUnavailableError extends Error {
  override name = 'ContentUnavailableError';
}

/**
 * The rows of the last read that succeeded, per collection, to render with while the backend cannot
 * be reached. Two entries at most, replaced by each read.
 */
const lastRead = new Map<Collection, ContentRow[]>();
/** Collections whose outage has been logged, so a long one is said once, not once per render. */
const saidUnavailable = new Set<Collection>();

/**
 * The published rows, read afresh for each render (once per render, however many parts of the page
 * ask): the page itself is what is cached, for seconds (src/lib/page-cache/lifetimes.mjs), so a
 * second, longer-lived copy of the rows could only make it show older content.
 */
const publishedRows = cache(async (collection: Collection): Promise<ContentRow[]> => {
  const { data, error } = await createAnonymousClient().rpc('published_content', { wanted_collection: collection });
  if (error !== null) throw new ContentUnavailableError(`published_content(${collection}) failed: ${error.message}`);
  lastRead.set(collection, data);
  if (saidUnavailable.delete(collection)) console.warn(`Content for ${collection} is read from the backend again.`);
  return data;
});

/**
 * What visitors see of a collection: published_content() read with the anon key, every row checked
 * against the schema (an invalid one is logged and left out).
 *
 * While the backend cannot be reached, what the last read that succeeded returned, or an empty list
 * if none did (`next build` without a backend, a server that started during an outage): the page
 * renders, lives for seconds like every public page, and shows the content again once it can be read.
 */
export async function readPublished<Schema extends z.ZodType>(
  collection: Collection,
  schema: Schema,
): Promise<ContentEntry<z.output<Schema>>[]> {
  let rows: ContentRow[];
  try {
    rows = await publishedRows(collection);
  } catch (error) {
    if (!(error instanceof ContentUnavailableError)) throw error;
    rows = lastRead.get(collection) ?? [];
    if (!saidUnavailable.has(collection)) {
      saidUnavailable.add(collection);
      console.warn(
        `${error.message}; rendering ${lastRead.has(collection) ? 'the content last read' : 'no content'} until it can be read again.`,
      );
    }
  }
  const { entries, rejected } = validateRows(collection, rows, schema);
  for (const { row, reasons } of rejected) console.error(`Content row ${row} is invalid and is not shown: ${reasons.join('; ')}`);
  return entries;
}
