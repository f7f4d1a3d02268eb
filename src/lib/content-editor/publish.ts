import 'server-only';

import { fromZonedTime } from 'date-fns-tz';

import type { Collection } from '@/lib/content/collections';
import { SITE_TIME_ZONE } from '@/lib/site-time-zone';

import { documentInput, publishInput, scheduleInput } from './inputs';
import type { Locale } from './locales';
import { failed, parse, type Result } from './results';
import { currentDocument, functionFailure, isCollection, loadEntry } from './rows';
import type { Editor } from './types';

// What visitors see: publishing, scheduling and taking a language offline.

/**
 * Publishes one language or both, each as the version the editor saw: a publish revision, the
 * working copy pointing at it, any schedule replaced, and the audit row. All languages are checked against the
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
  if (error) return functionFailure(editor.supabase, args.entryId, error);
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
  const { data: scheduledFor, error } = await editor.supabase.rpc('content_schedule', {
    wanted_entry: args.entryId,
    wanted_locale: args.locale,
    wanted_version: args.version,
    wanted_at: at.toISOString(),
  });
  if (error) return functionFailure(editor.supabase, args.entryId, error);
  await editor.changed(current.entry.collection);
  return { ok: true, scheduledFor };
}

/** Takes a language off the site: nothing live, nothing scheduled. The working copy stays. */
export async function unpublish(editor: Editor, input: unknown): Promise<Result<object>> {
  const args = parse(documentInput, input);
  if (!args) return failed('invalid');
  const entry = await loadEntry(editor.supabase, args.entryId);
  if (!entry || !isCollection(entry.collection)) return failed('notFound');
  const { error } = await editor.supabase.rpc('content_unpublish', { wanted_entry: args.entryId, wanted_locale: args.locale });
  if (error) return functionFailure(editor.supabase, args.entryId, error);
  await editor.changed(entry.collection);
  return { ok: true };
}
