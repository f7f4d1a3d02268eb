import 'server-only';

import { entryInput, listInput } from './inputs';
import { LOCALES, type Locale } from './locales';
import { failed, parse, type Result } from './results';
import { frontMatterOf, isLocale, loadTypedEntry, people, scheduledVersions, statusOf } from './rows';
import type { DocumentStatus } from './status';
import type { Editor, EditorDocument, EditorEntry, EntrySummary } from './types';

// Reading entries: the list page's overview and the edit page's entry.

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

/** An entry with both working copies, as the edit page shows it. */
export async function getEntry(editor: Editor, input: unknown): Promise<Result<{ entry: EditorEntry }>> {
  const args = parse(entryInput, input);
  if (!args) return failed('invalid');
  const { supabase } = editor;
  const entry = await loadTypedEntry(supabase, args.entryId);
  if (!entry) return failed('notFound');
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
      kind: entry.kind,
      slug: entry.slug,
      firstPublishedAt: entry.first_published_at,
      documents: byLocale,
    },
  };
}
