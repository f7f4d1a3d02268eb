import 'server-only';

import { fromZonedTime } from 'date-fns-tz';

import type { Collection } from '@/lib/content/collections';
import { SITE_TIME_ZONE } from '@/lib/site-time-zone';

import { documentInput, publishInput, scheduleInput } from './inputs';
import type { Locale } from './locales';
import { failed, parse, type Result } from './results';
import { addRevision, audit, conflictOf, currentDocument, isCollection, isLocale, loadDocument, loadEntry } from './rows';
import type { Editor } from './types';

// What visitors see: publishing, scheduling and taking a language offline.

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
