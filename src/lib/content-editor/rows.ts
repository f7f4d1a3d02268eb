import 'server-only';

import { documentKind, isCollection, type Collection, type DocumentKind } from '@/lib/content/collections';
import type { Json, Tables } from '@/lib/supabase/database.types';

import { checkFrontMatter, type FrontMatter } from './front-matter';
import type { Locale } from './locales';
import { failed, type Failure } from './results';
import { documentStatus, type DocumentStatus } from './status';
import { REVISION_KINDS, type Editor, type EditorClient, type RevisionKind } from './types';

// The rows the editor's operations share: reading entries and documents, who wrote them, and what a
// refusal of the content functions (which write the revisions and the audit trail) means.

export type DocumentRow = Tables<'content_documents'>;
export type EntryRow = Tables<'content_entries'>;

export { isCollection };
export const isLocale = (value: string): value is Locale => value === 'nl' || value === 'en';
export const isKind = (value: string): value is RevisionKind => (REVISION_KINDS as readonly string[]).includes(value);

/** Stored front matter is a JSON object (a check on the column); anything else reads as empty. */
export function frontMatterOf(value: Json): FrontMatter {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : {};
}

/** The JSON the column stores; front matter parsed by the schemas is plain JSON data. */
export function json(frontMatter: FrontMatter): Json {
  return JSON.parse(JSON.stringify(frontMatter));
}

/** E-mail addresses by account id, for the accounts that worked on content (content_people). */
export async function people(supabase: EditorClient, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const { data } = await supabase.rpc('content_people', { wanted });
  return new Map((data ?? []).map((person) => [person.id, person.email]));
}

export async function loadEntry(supabase: EditorClient, entryId: string): Promise<EntryRow | null> {
  const { data } = await supabase.from('content_entries').select('*').eq('id', entryId).maybeSingle();
  return data;
}

/** An entry of a collection the site knows, with what its documents are checked as; null for any other. */
export async function loadTypedEntry(
  supabase: EditorClient,
  entryId: string,
): Promise<(EntryRow & { collection: Collection; kind: DocumentKind }) | null> {
  const entry = await loadEntry(supabase, entryId);
  if (!entry || !isCollection(entry.collection)) return null;
  const kind = documentKind(entry.collection, entry.slug);
  return kind === undefined ? null : { ...entry, collection: entry.collection, kind };
}

export async function loadDocument(supabase: EditorClient, entryId: string, locale: Locale): Promise<DocumentRow | null> {
  const { data } = await supabase.from('content_documents').select('*').eq('entry_id', entryId).eq('locale', locale).maybeSingle();
  return data;
}

/** The versions that scheduled revisions were made from, by revision id. */
export async function scheduledVersions(supabase: EditorClient, documents: DocumentRow[]): Promise<Map<string, number>> {
  const ids = documents.map((d) => d.scheduled_revision_id).filter((id): id is string => id !== null);
  if (ids.length === 0) return new Map();
  const { data } = await supabase.from('content_revisions').select('id, document_version').in('id', ids);
  return new Map((data ?? []).map((row) => [row.id, row.document_version]));
}

export function statusOf(document: DocumentRow, versions: Map<string, number>): DocumentStatus {
  const scheduledVersion = document.scheduled_revision_id === null ? null : (versions.get(document.scheduled_revision_id) ?? null);
  return documentStatus({ ...document, scheduled_version: scheduledVersion });
}

export async function conflictOf(supabase: EditorClient, document: DocumentRow): Promise<Failure> {
  const names = await people(supabase, [document.updated_by]);
  return {
    ok: false,
    reason: 'conflict',
    conflict: {
      locale: isLocale(document.locale) ? document.locale : 'nl',
      version: document.version,
      updatedAt: document.updated_at,
      updatedBy: document.updated_by === null ? null : (names.get(document.updated_by) ?? null),
      frontMatter: frontMatterOf(document.front_matter),
      body: document.body,
    },
  };
}

/** The working copy as it is, when it is the version the editor saw, with its front matter checked. */
export async function currentDocument(
  editor: Editor,
  entryId: string,
  locale: Locale,
  version: number,
): Promise<{ ok: true; entry: EntryRow & { collection: Collection; kind: DocumentKind }; document: DocumentRow } | Failure> {
  const entry = await loadTypedEntry(editor.supabase, entryId);
  if (!entry) return failed('notFound');
  const document = await loadDocument(editor.supabase, entryId, locale);
  if (!document) return failed('notFound');
  if (document.version !== version) return conflictOf(editor.supabase, document);
  const checked = checkFrontMatter(entry.kind, document.front_matter);
  if (!checked.ok) return { ok: false, reason: 'problems', locale, problems: checked.problems };
  return { ok: true, entry, document };
}

/**
 * What a refused content function means for the editor: BW409 names the language whose working copy
 * changed since (answered as a conflict with what it says now), BW404 a missing entry or copy.
 */
export async function functionFailure(supabase: EditorClient, entryId: string, error: { code: string; details: string }): Promise<Failure> {
  if (error.code === 'BW409' && isLocale(error.details)) {
    const now = await loadDocument(supabase, entryId, error.details);
    return now ? conflictOf(supabase, now) : failed('notFound');
  }
  return failed(error.code === 'BW404' ? 'notFound' : 'failed');
}
