import 'server-only';

import { slugChangeInput } from './inputs';
import { failed, parse, type Result } from './results';
import { isCollection, loadEntry } from './rows';
import type { Editor } from './types';

// The address both languages share.

/**
 * Changes the slug both languages share. Before the first publish it is free; after it, the old
 * address redirects to the new one (the database records it and the change), so the editor must confirm.
 */
export async function changeSlug(editor: Editor, input: unknown): Promise<Result<{ slug: string }>> {
  const args = parse(slugChangeInput, input);
  if (!args) return failed('invalid');
  const entry = await loadEntry(editor.supabase, args.entryId);
  if (!entry || !isCollection(entry.collection)) return failed('notFound');
  if (entry.slug === args.slug) return { ok: true, slug: entry.slug };
  const published = entry.first_published_at !== null;
  if (published && !args.confirmed) return failed('confirmSlug');
  const { data, error } = await editor.supabase.from('content_entries').update({ slug: args.slug }).eq('id', entry.id).select('slug');
  if (error) return failed(error.code === '23505' ? 'slugTaken' : 'failed');
  if (data.length === 0) return failed('notFound');
  if (published) await editor.changed(entry.collection);
  return { ok: true, slug: args.slug };
}
