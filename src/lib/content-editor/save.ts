import 'server-only';

import { checkFrontMatter } from './front-matter';
import { saveInput, versionedInput } from './inputs';
import { failed, parse, type Result } from './results';
import { conflictOf, currentDocument, functionFailure, json, loadDocument, loadTypedEntry } from './rows';
import type { Editor } from './types';

// Saving a working copy: the autosave, and keeping it as a version.

/**
 * Saves the working copy (autosave): the front matter must pass the collection's schema, and the
 * write must start from the version now stored, or it is a conflict and nothing is written.
 */
export async function saveWorkingCopy(editor: Editor, input: unknown): Promise<Result<{ version: number; updatedAt: string }>> {
  const args = parse(saveInput, input);
  if (!args) return failed('invalid');
  const { supabase } = editor;
  const entry = await loadTypedEntry(supabase, args.entryId);
  if (!entry) return failed('notFound');
  const checked = checkFrontMatter(entry.kind, args.frontMatter);
  if (!checked.ok) return { ok: false, reason: 'problems', locale: args.locale, problems: checked.problems };
  const { data, error } = await supabase
    .from('content_documents')
    .update({ front_matter: json(checked.frontMatter), body: args.body })
    .eq('entry_id', args.entryId)
    .eq('locale', args.locale)
    .eq('version', args.baseVersion)
    .select('version, updated_at');
  if (error) return failed('failed');
  const saved = data[0];
  if (saved) return { ok: true, version: saved.version, updatedAt: saved.updated_at };
  const current = await loadDocument(supabase, args.entryId, args.locale);
  return current ? conflictOf(supabase, current) : failed('notFound');
}

/** Keeps the working copy as a version in the history, without publishing it. */
export async function saveVersion(editor: Editor, input: unknown): Promise<Result<{ revisionId: string }>> {
  const args = parse(versionedInput, input);
  if (!args) return failed('invalid');
  const current = await currentDocument(editor, args.entryId, args.locale, args.version);
  if (!current.ok) return current;
  const { data: revisionId, error } = await editor.supabase.rpc('content_keep_version', {
    wanted_entry: args.entryId,
    wanted_locale: args.locale,
    wanted_version: args.version,
  });
  if (error) return functionFailure(editor.supabase, args.entryId, error);
  return { ok: true, revisionId };
}
