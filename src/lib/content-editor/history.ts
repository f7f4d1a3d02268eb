import 'server-only';

import { documentInput, restoreInput } from './inputs';
import { failed, parse, type Result } from './results';
import { frontMatterOf, functionFailure, isKind, loadDocument, people } from './rows';
import type { Editor, Revision } from './types';

// A language's history: its revisions, and bringing one back into the working copy.

/** A language's revisions, newest first, with who made them and which is live or scheduled. */
export async function history(editor: Editor, input: unknown): Promise<Result<{ revisions: Revision[] }>> {
  const args = parse(documentInput, input);
  if (!args) return failed('invalid');
  const { supabase } = editor;
  const document = await loadDocument(supabase, args.entryId, args.locale);
  if (!document) return failed('notFound');
  const { data, error } = await supabase
    .from('content_revisions')
    .select('*')
    .eq('entry_id', args.entryId)
    .eq('locale', args.locale)
    .order('created_at', { ascending: false });
  if (error) return failed('failed');
  const names = await people(
    supabase,
    data.map((r) => r.created_by),
  );
  const revisions = data.flatMap((r): Revision[] =>
    isKind(r.kind)
      ? [
          {
            id: r.id,
            kind: r.kind,
            createdAt: r.created_at,
            createdBy: r.created_by === null ? null : (names.get(r.created_by) ?? null),
            documentVersion: r.document_version,
            slug: r.slug,
            frontMatter: frontMatterOf(r.front_matter),
            body: r.body,
            live: r.id === document.live_revision_id,
            scheduled: r.id === document.scheduled_revision_id,
          },
        ]
      : [],
  );
  return { ok: true, revisions };
}

/**
 * Brings a revision's fields and text back into the working copy (not its slug: the address
 * stays), from the version the editor saw, and records that as a restore revision.
 */
export async function restoreRevision(editor: Editor, input: unknown): Promise<Result<{ version: number }>> {
  const args = parse(restoreInput, input);
  if (!args) return failed('invalid');
  const { data: version, error } = await editor.supabase.rpc('content_restore', {
    wanted_entry: args.entryId,
    wanted_locale: args.locale,
    wanted_revision: args.revisionId,
    wanted_version: args.baseVersion,
  });
  if (error) return functionFailure(editor.supabase, args.entryId, error);
  return { ok: true, version };
}
