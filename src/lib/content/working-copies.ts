import 'server-only';
import type { z } from 'zod';

import { createClient } from '@/lib/supabase/server';

import type { Collection } from './collections';
import { validateRows } from './content-rows';
import type { ContentEntry } from './parse-content-file';

/**
 * The working copies of a collection (what the editor last saved, published or not), read with the
 * visitor's own session: RLS shows them to content staff at aal2 only, so anyone else gets none.
 * Only pages in draft mode call this. A copy whose front matter is not valid yet is left out.
 */
export async function readWorkingCopies<Schema extends z.ZodType>(
  collection: Collection,
  schema: Schema,
): Promise<ContentEntry<z.output<Schema>>[]> {
  const supabase = await createClient();
  const entries = await supabase.from('content_entries').select('id, slug').eq('collection', collection);
  if (entries.error !== null || entries.data.length === 0) return [];
  const slugs = new Map(entries.data.map((e) => [e.id, e.slug]));
  const documents = await supabase
    .from('content_documents')
    .select('entry_id, locale, front_matter, body')
    .in('entry_id', [...slugs.keys()]);
  if (documents.error !== null) return [];
  const rows = documents.data.flatMap((d) => {
    const slug = slugs.get(d.entry_id);
    return slug === undefined ? [] : [{ slug, locale: d.locale, front_matter: d.front_matter, body: d.body }];
  });
  const { entries: valid, rejected } = validateRows(collection, rows, schema);
  for (const { row, reasons } of rejected) console.warn(`Working copy ${row} cannot be previewed yet: ${reasons.join('; ')}`);
  return valid;
}
