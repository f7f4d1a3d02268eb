import 'server-only';

import type { SupabaseClient } from '@supabase/supabase-js';
import { fromZonedTime } from 'date-fns-tz';
import type { z } from 'zod';

import type { Collection } from '@/lib/content/collections';
import { SITE_TIME_ZONE } from '@/lib/site-time-zone';
import type { Database, Json, Tables } from '@/lib/supabase/database.types';

import { checkFrontMatter, frontMatterTemplate, type FieldProblem, type FrontMatter } from './front-matter';
import {
  createInput,
  documentInput,
  entryInput,
  listInput,
  publishInput,
  restoreInput,
  saveInput,
  scheduleInput,
  slugChangeInput,
  versionedInput,
} from './inputs';
import { LOCALES, type Locale } from './locales';
import { documentStatus, type DocumentStatus } from './status';

/*
 * Everything the content editor does, with the editor's own session: row-level security (the
 * content role at aal2, writes in one's own name) is the gate, and the database stamps who changed
 * a working copy, when, and its version. Each operation parses its argument first (it comes from a
 * server action, a public endpoint) and answers with a result, never a throw, for the page to word.
 *
 * Conflicts: every write names the version of the working copy it started from. A write from an
 * older version matches no row; the answer then says who changed it, when, and what it is now.
 */

export type EditorClient = SupabaseClient<Database>;

export type Editor = {
  supabase: EditorClient;
  /** The signed-in editor, whose name goes on what they write (the policies require it). */
  userId: string;
  /** Told after every change visitors can see (contentChanged in the app). */
  changed: (collection: Collection) => Promise<void>;
};

export { LOCALES, type Locale } from './locales';

export type Conflict = {
  locale: Locale;
  version: number;
  updatedAt: string;
  /** The e-mail address of whoever changed it; null when that account is gone. */
  updatedBy: string | null;
  frontMatter: FrontMatter;
  body: string;
};

export type Failure =
  | { ok: false; reason: 'invalid' | 'notFound' | 'failed' | 'slugTaken' | 'confirmSlug' | 'notFuture' }
  | { ok: false; reason: 'problems'; locale: Locale; problems: FieldProblem[] }
  | { ok: false; reason: 'conflict'; conflict: Conflict };

export type Result<T> = ({ ok: true } & T) | Failure;

export type EntrySummary = {
  id: string;
  slug: string;
  title: string;
  updatedAt: string;
  statuses: Partial<Record<Locale, DocumentStatus>>;
};

export type EditorDocument = {
  locale: Locale;
  frontMatter: FrontMatter;
  body: string;
  version: number;
  updatedAt: string;
  updatedBy: string | null;
  status: DocumentStatus;
  liveVersion: number | null;
  scheduledFor: string | null;
};

export type EditorEntry = {
  id: string;
  collection: Collection;
  slug: string;
  firstPublishedAt: string | null;
  documents: Partial<Record<Locale, EditorDocument>>;
};

export const REVISION_KINDS = ['publish', 'schedule', 'restore', 'version', 'import'] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

export type Revision = {
  id: string;
  kind: RevisionKind;
  createdAt: string;
  createdBy: string | null;
  documentVersion: number;
  slug: string;
  frontMatter: FrontMatter;
  body: string;
  /** What visitors see now, or will at the scheduled time. */
  live: boolean;
  scheduled: boolean;
};

export type Presence = { email: string; seenAt: string };

type DocumentRow = Tables<'content_documents'>;
type EntryRow = Tables<'content_entries'>;

/** Someone who stopped sending a heartbeat this long ago has closed the editor. */
export const PRESENCE_WINDOW_MS = 60_000;

const failed = (reason: 'invalid' | 'notFound' | 'failed' | 'slugTaken' | 'confirmSlug' | 'notFuture'): Failure => ({ ok: false, reason });

function parse<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> | undefined {
  const parsed = schema.safeParse(input);
  return parsed.success ? parsed.data : undefined;
}

const isCollection = (value: string): value is Collection => value === 'blog' || value === 'vacancies';
const isLocale = (value: string): value is Locale => value === 'nl' || value === 'en';
const isKind = (value: string): value is RevisionKind => (REVISION_KINDS as readonly string[]).includes(value);

/** Stored front matter is a JSON object (a check on the column); anything else reads as empty. */
function frontMatterOf(value: Json): FrontMatter {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : {};
}

/** The JSON the column stores; front matter parsed by the schemas is plain JSON data. */
function json(frontMatter: FrontMatter): Json {
  return JSON.parse(JSON.stringify(frontMatter));
}

/** E-mail addresses by account id, for the accounts that worked on content (content_people). */
async function people(supabase: EditorClient, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const { data } = await supabase.rpc('content_people', { wanted });
  return new Map((data ?? []).map((person) => [person.id, person.email]));
}

async function loadEntry(supabase: EditorClient, entryId: string): Promise<EntryRow | null> {
  const { data } = await supabase.from('content_entries').select('*').eq('id', entryId).maybeSingle();
  return data;
}

async function loadDocument(supabase: EditorClient, entryId: string, locale: Locale): Promise<DocumentRow | null> {
  const { data } = await supabase.from('content_documents').select('*').eq('entry_id', entryId).eq('locale', locale).maybeSingle();
  return data;
}

/** The versions that scheduled revisions were made from, by revision id. */
async function scheduledVersions(supabase: EditorClient, documents: DocumentRow[]): Promise<Map<string, number>> {
  const ids = documents.map((d) => d.scheduled_revision_id).filter((id): id is string => id !== null);
  if (ids.length === 0) return new Map();
  const { data } = await supabase.from('content_revisions').select('id, document_version').in('id', ids);
  return new Map((data ?? []).map((row) => [row.id, row.document_version]));
}

function statusOf(document: DocumentRow, versions: Map<string, number>): DocumentStatus {
  const scheduledVersion = document.scheduled_revision_id === null ? null : (versions.get(document.scheduled_revision_id) ?? null);
  return documentStatus({ ...document, scheduled_version: scheduledVersion });
}

async function conflictOf(supabase: EditorClient, document: DocumentRow): Promise<Failure> {
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

async function audit(editor: Editor, entryId: string, locale: Locale | null, action: string, detail: Json = {}): Promise<boolean> {
  const { error } = await editor.supabase
    .from('content_audit')
    .insert({ entry_id: entryId, locale, action, detail, actor_id: editor.userId });
  return error === null;
}

async function addRevision(
  editor: Editor,
  entry: EntryRow,
  document: Pick<DocumentRow, 'locale' | 'front_matter' | 'body' | 'version'>,
  kind: RevisionKind,
): Promise<string | null> {
  const { data } = await editor.supabase
    .from('content_revisions')
    .insert({
      entry_id: entry.id,
      locale: document.locale,
      slug: entry.slug,
      front_matter: document.front_matter,
      body: document.body,
      document_version: document.version,
      kind,
      created_by: editor.userId,
    })
    .select('id')
    .single();
  return data?.id ?? null;
}

/** Every entry of a collection, newest change first, with each language's status. */
export async function listEntries(editor: Editor, input: unknown): Promise<Result<{ entries: EntrySummary[] }>> {
  const args = parse(listInput, input);
  if (!args) return failed('invalid');
  const { supabase } = editor;
  const entries = await supabase.from('content_entries').select('*').eq('collection', args.collection);
  if (entries.error) return failed('failed');
  const ids = entries.data.map((entry) => entry.id);
  const documents = ids.length === 0 ? { data: [], error: null } : await supabase.from('content_documents').select('*').in('entry_id', ids);
  if (documents.error) return failed('failed');
  const versions = await scheduledVersions(supabase, documents.data);
  const summaries = entries.data.map((entry): EntrySummary => {
    const own = documents.data.filter((d) => d.entry_id === entry.id);
    const statuses: Partial<Record<Locale, DocumentStatus>> = {};
    for (const document of own) if (isLocale(document.locale)) statuses[document.locale] = statusOf(document, versions);
    const titled = LOCALES.map((locale) => own.find((d) => d.locale === locale))
      .map((d) => (d ? frontMatterOf(d.front_matter).title : undefined))
      .find((title): title is string => typeof title === 'string' && title.trim() !== '');
    const updatedAt = [entry.created_at, ...own.map((d) => d.updated_at)].sort().at(-1) ?? entry.created_at;
    return { id: entry.id, slug: entry.slug, title: titled ?? '', updatedAt, statuses };
  });
  summaries.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  return { ok: true, entries: summaries };
}

/** A new entry with a working copy per language, from the collection's template. */
export async function createEntry(editor: Editor, input: unknown, today = new Date()): Promise<Result<{ entryId: string }>> {
  const args = parse(createInput, input);
  if (!args) return failed('invalid');
  const { data, error } = await editor.supabase
    .from('content_entries')
    .insert({ collection: args.collection, slug: args.slug, created_by: editor.userId })
    .select('id')
    .single();
  if (error) return failed(error.code === '23505' ? 'slugTaken' : 'failed');
  const frontMatter = json(frontMatterTemplate(args.collection, today.toISOString().slice(0, 10)));
  const documents = await editor.supabase
    .from('content_documents')
    .insert(LOCALES.map((locale) => ({ entry_id: data.id, locale, front_matter: frontMatter, body: '' })));
  if (documents.error) return failed('failed');
  await audit(editor, data.id, null, 'create', { collection: args.collection, slug: args.slug });
  return { ok: true, entryId: data.id };
}

/** An entry with both working copies, as the edit page shows it. */
export async function getEntry(editor: Editor, input: unknown): Promise<Result<{ entry: EditorEntry }>> {
  const args = parse(entryInput, input);
  if (!args) return failed('invalid');
  const { supabase } = editor;
  const entry = await loadEntry(supabase, args.entryId);
  if (!entry || !isCollection(entry.collection)) return failed('notFound');
  const documents = await supabase.from('content_documents').select('*').eq('entry_id', entry.id);
  if (documents.error) return failed('failed');
  const [versions, names] = await Promise.all([
    scheduledVersions(supabase, documents.data),
    people(
      supabase,
      documents.data.map((d) => d.updated_by),
    ),
  ]);
  const byLocale: Partial<Record<Locale, EditorDocument>> = {};
  for (const d of documents.data) {
    if (!isLocale(d.locale)) continue;
    byLocale[d.locale] = {
      locale: d.locale,
      frontMatter: frontMatterOf(d.front_matter),
      body: d.body,
      version: d.version,
      updatedAt: d.updated_at,
      updatedBy: d.updated_by === null ? null : (names.get(d.updated_by) ?? null),
      status: statusOf(d, versions),
      liveVersion: d.live_version,
      scheduledFor: d.scheduled_for,
    };
  }
  return {
    ok: true,
    entry: {
      id: entry.id,
      collection: entry.collection,
      slug: entry.slug,
      firstPublishedAt: entry.first_published_at,
      documents: byLocale,
    },
  };
}

/**
 * Saves the working copy (autosave): the front matter must pass the collection's schema, and the
 * write must start from the version now stored, or it is a conflict and nothing is written.
 */
export async function saveWorkingCopy(editor: Editor, input: unknown): Promise<Result<{ version: number; updatedAt: string }>> {
  const args = parse(saveInput, input);
  if (!args) return failed('invalid');
  const { supabase } = editor;
  const entry = await loadEntry(supabase, args.entryId);
  if (!entry || !isCollection(entry.collection)) return failed('notFound');
  const checked = checkFrontMatter(entry.collection, args.frontMatter);
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

/** The working copy as it is, when it is the version the editor saw, with its front matter checked. */
async function currentDocument(
  editor: Editor,
  entryId: string,
  locale: Locale,
  version: number,
): Promise<{ ok: true; entry: EntryRow & { collection: Collection }; document: DocumentRow } | Failure> {
  const entry = await loadEntry(editor.supabase, entryId);
  if (!entry || !isCollection(entry.collection)) return failed('notFound');
  const document = await loadDocument(editor.supabase, entryId, locale);
  if (!document) return failed('notFound');
  if (document.version !== version) return conflictOf(editor.supabase, document);
  const checked = checkFrontMatter(entry.collection, document.front_matter);
  if (!checked.ok) return { ok: false, reason: 'problems', locale, problems: checked.problems };
  return { ok: true, entry: { ...entry, collection: entry.collection }, document };
}

/** Keeps the working copy as a version in the history, without publishing it. */
export async function saveVersion(editor: Editor, input: unknown): Promise<Result<{ revisionId: string }>> {
  const args = parse(versionedInput, input);
  if (!args) return failed('invalid');
  const current = await currentDocument(editor, args.entryId, args.locale, args.version);
  if (!current.ok) return current;
  const revisionId = await addRevision(editor, current.entry, current.document, 'version');
  if (!revisionId) return failed('failed');
  await audit(editor, args.entryId, args.locale, 'version', { version: args.version });
  return { ok: true, revisionId };
}

/**
 * Publishes one language or both, each as the version the editor saw: a publish revision, the
 * working copy pointing at it, and any schedule replaced. All languages are checked against the
 * schema first; content_publish() then writes them in one transaction, so "both" never leaves one
 * published and the other not, also when someone saves in between.
 */
export async function publish(editor: Editor, input: unknown): Promise<Result<{ published: Locale[] }>> {
  const args = parse(publishInput, input);
  if (!args) return failed('invalid');
  let collection: Collection | undefined;
  for (const { locale, version } of args.documents) {
    const current = await currentDocument(editor, args.entryId, locale, version);
    if (!current.ok) return current;
    collection = current.entry.collection;
  }
  const { error } = await editor.supabase.rpc('content_publish', { wanted_entry: args.entryId, wanted_documents: args.documents });
  if (error?.code === 'BW409' && isLocale(error.details)) {
    const now = await loadDocument(editor.supabase, args.entryId, error.details);
    return now ? conflictOf(editor.supabase, now) : failed('notFound');
  }
  if (error?.code === 'BW404') return failed('notFound');
  if (error) return failed('failed');
  if (collection) await editor.changed(collection);
  return { ok: true, published: args.documents.map((d) => d.locale) };
}

/** Schedules the version the editor saw to go live at a time to come; what is live stays until then. */
export async function schedule(editor: Editor, input: unknown, now = new Date()): Promise<Result<{ scheduledFor: string }>> {
  const args = parse(scheduleInput, input);
  if (!args) return failed('invalid');
  const at = fromZonedTime(args.at, SITE_TIME_ZONE);
  if (at.getTime() <= now.getTime()) return failed('notFuture');
  const current = await currentDocument(editor, args.entryId, args.locale, args.version);
  if (!current.ok) return current;
  const revisionId = await addRevision(editor, current.entry, current.document, 'schedule');
  if (!revisionId) return failed('failed');
  const { data, error } = await editor.supabase
    .from('content_documents')
    .update({ scheduled_revision_id: revisionId, scheduled_for: at.toISOString() })
    .eq('entry_id', args.entryId)
    .eq('locale', args.locale)
    .eq('version', args.version)
    .select('scheduled_for');
  const scheduled = data?.[0];
  if (error || !scheduled?.scheduled_for) return failed('failed');
  await audit(editor, args.entryId, args.locale, 'schedule', { version: args.version, revisionId, at: scheduled.scheduled_for });
  await editor.changed(current.entry.collection);
  return { ok: true, scheduledFor: scheduled.scheduled_for };
}

/** Takes a language off the site: nothing live, nothing scheduled. The working copy stays. */
export async function unpublish(editor: Editor, input: unknown): Promise<Result<object>> {
  const args = parse(documentInput, input);
  if (!args) return failed('invalid');
  const entry = await loadEntry(editor.supabase, args.entryId);
  if (!entry || !isCollection(entry.collection)) return failed('notFound');
  const { data, error } = await editor.supabase
    .from('content_documents')
    .update({ live_revision_id: null, live_version: null, scheduled_revision_id: null, scheduled_for: null })
    .eq('entry_id', args.entryId)
    .eq('locale', args.locale)
    .select('entry_id');
  if (error) return failed('failed');
  if (data.length === 0) return failed('notFound');
  await audit(editor, args.entryId, args.locale, 'unpublish');
  await editor.changed(entry.collection);
  return { ok: true };
}

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
  const { supabase } = editor;
  const entry = await loadEntry(supabase, args.entryId);
  if (!entry) return failed('notFound');
  const revision = await supabase
    .from('content_revisions')
    .select('*')
    .eq('id', args.revisionId)
    .eq('entry_id', args.entryId)
    .eq('locale', args.locale)
    .maybeSingle();
  if (!revision.data) return failed('notFound');
  const { data, error } = await supabase
    .from('content_documents')
    .update({ front_matter: revision.data.front_matter, body: revision.data.body })
    .eq('entry_id', args.entryId)
    .eq('locale', args.locale)
    .eq('version', args.baseVersion)
    .select('*');
  if (error) return failed('failed');
  const restored = data[0];
  if (!restored) {
    const current = await loadDocument(supabase, args.entryId, args.locale);
    return current ? conflictOf(supabase, current) : failed('notFound');
  }
  const revisionId = await addRevision(editor, entry, restored, 'restore');
  if (!revisionId) return failed('failed');
  await audit(editor, args.entryId, args.locale, 'restore', { from: args.revisionId, version: restored.version });
  return { ok: true, version: restored.version };
}

/**
 * Changes the slug both languages share. Before the first publish it is free; after it, the old
 * address redirects to the new one (the database records it), so the editor must confirm.
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
  await audit(editor, entry.id, null, 'slug', { from: entry.slug, to: args.slug });
  if (published) await editor.changed(entry.collection);
  return { ok: true, slug: args.slug };
}

/** Says the editor has the entry open (refreshed while the page is open) and who else has. */
export async function heartbeat(editor: Editor, input: unknown, now = new Date()): Promise<Result<{ others: Presence[] }>> {
  const args = parse(entryInput, input);
  if (!args) return failed('invalid');
  const { supabase, userId } = editor;
  const seenAt = now.toISOString();
  // No upsert: the row is refreshed, or made the first time.
  const refreshed = await supabase
    .from('content_presence')
    .update({ seen_at: seenAt })
    .eq('entry_id', args.entryId)
    .eq('user_id', userId)
    .select('user_id');
  if (refreshed.error) return failed('failed');
  if (refreshed.data.length === 0) {
    const made = await supabase.from('content_presence').insert({ entry_id: args.entryId, user_id: userId, seen_at: seenAt });
    if (made.error) return failed(made.error.code === '23503' ? 'notFound' : 'failed');
  }
  const since = new Date(now.getTime() - PRESENCE_WINDOW_MS).toISOString();
  const { data, error } = await supabase
    .from('content_presence')
    .select('user_id, seen_at')
    .eq('entry_id', args.entryId)
    .neq('user_id', userId)
    .gte('seen_at', since);
  if (error) return failed('failed');
  const names = await people(
    supabase,
    data.map((p) => p.user_id),
  );
  const others = data.flatMap((p) => {
    const email = names.get(p.user_id);
    return email ? [{ email, seenAt: p.seen_at }] : [];
  });
  return { ok: true, others };
}

/** The editor closed the entry. */
export async function leave(editor: Editor, input: unknown): Promise<Result<object>> {
  const args = parse(entryInput, input);
  if (!args) return failed('invalid');
  const { error } = await editor.supabase.from('content_presence').delete().eq('entry_id', args.entryId).eq('user_id', editor.userId);
  return error ? failed('failed') : { ok: true };
}
