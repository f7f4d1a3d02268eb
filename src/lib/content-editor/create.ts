import 'server-only';

import { bodyTemplate, frontMatterTemplate } from './front-matter';
import { createInput } from './inputs';
import { LOCALES } from './locales';
import { failed, parse, type Result } from './results';
import { json } from './rows';
import type { Editor } from './types';

// Making a new entry.

/** A new entry with a working copy per language, from the collection's template (the database records who made it). */
export async function createEntry(editor: Editor, input: unknown, today = new Date()): Promise<Result<{ entryId: string }>> {
  const args = parse(createInput, input);
  if (!args) return failed('invalid');
  const { data, error } = await editor.supabase
    .from('content_entries')
    .insert({ collection: args.collection, slug: args.slug })
    .select('id')
    .single();
  if (error) return failed(error.code === '23505' ? 'slugTaken' : 'failed');
  const frontMatter = json(frontMatterTemplate(args.collection, today.toISOString().slice(0, 10)));
  const documents = await editor.supabase
    .from('content_documents')
    .insert(
      LOCALES.map((locale) => ({ entry_id: data.id, locale, front_matter: frontMatter, body: bodyTemplate(args.collection, locale) })),
    );
  if (documents.error) return failed('failed');
  return { ok: true, entryId: data.id };
}
