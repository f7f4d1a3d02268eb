'use server';

import { redirect } from 'next/navigation';
import { hasLocale } from 'next-intl';

import { withLocale } from '@/i18n/locale-path';
import { routing, type Locale } from '@/i18n/routing';
import { createEntry } from '@/lib/content-editor/create';
import { history, restoreRevision } from '@/lib/content-editor/history';
import { heartbeat, leave } from '@/lib/content-editor/presence';
import { publish, schedule, unpublish } from '@/lib/content-editor/publish';
import { getEntry } from '@/lib/content-editor/read';
import type { Failure, Result } from '@/lib/content-editor/results';
import { saveVersion, saveWorkingCopy } from '@/lib/content-editor/save';
import { editorSession } from '@/lib/content-editor/session';
import { changeSlug } from '@/lib/content-editor/slug';
import type { Editor, EditorEntry } from '@/lib/content-editor/types';

// The editor's server actions. Each is a public endpoint: the locale is checked here, every other
// argument by the operation's zod schema, and the caller must be content staff at aal2
// (editorSession; row-level security decides again in Postgres). The page binds the locale.

async function session(locale: unknown): Promise<{ locale: Locale; editor: Editor }> {
  if (!hasLocale(routing.locales, locale)) redirect(withLocale('/account/content', routing.defaultLocale));
  return { locale, editor: await editorSession(locale, '/account/content') };
}

/** After a change of status, the entry as it is now, so the page shows every language's status. */
async function withEntry<T extends object>(
  editor: Editor,
  input: unknown,
  result: Result<T>,
): Promise<Result<T> & { entry?: EditorEntry }> {
  if (!result.ok) return result;
  const entryId = typeof input === 'object' && input !== null ? Reflect.get(input, 'entryId') : undefined;
  const fresh = await getEntry(editor, { entryId });
  return fresh.ok ? { ...result, entry: fresh.entry } : result;
}

export type CreateAnswer = { failure?: Failure['reason'] | 'confirm' | 'required'; slug?: string; collection?: string };

/** Creates an entry from the list page's form and opens it. */
export async function createEntryAction(locale: unknown, _previous: unknown, form: unknown): Promise<CreateAnswer> {
  const { locale: checked, editor } = await session(locale);
  if (!(form instanceof FormData)) return { failure: 'invalid' };
  const slug = form.get('slug');
  const collection = form.get('collection');
  // An empty address asks for one, rather than for other characters.
  if (typeof slug === 'string' && slug.trim() === '') return { failure: 'required', slug, collection: String(collection) };
  const created = await createEntry(editor, { collection, slug: typeof slug === 'string' ? slug.trim() : slug });
  if (!created.ok) return { failure: created.reason, slug: typeof slug === 'string' ? slug : undefined, collection: String(collection) };
  redirect(withLocale(`/account/content/${created.entryId}`, checked));
}

export async function saveAction(locale: unknown, input: unknown) {
  const { editor } = await session(locale);
  return saveWorkingCopy(editor, input);
}

export async function saveVersionAction(locale: unknown, input: unknown) {
  const { editor } = await session(locale);
  return saveVersion(editor, input);
}

export async function publishAction(locale: unknown, input: unknown) {
  const { editor } = await session(locale);
  return withEntry(editor, input, await publish(editor, input));
}

export async function scheduleAction(locale: unknown, input: unknown) {
  const { editor } = await session(locale);
  return withEntry(editor, input, await schedule(editor, input));
}

export async function unpublishAction(locale: unknown, input: unknown) {
  const { editor } = await session(locale);
  return withEntry(editor, input, await unpublish(editor, input));
}

export async function historyAction(locale: unknown, input: unknown) {
  const { editor } = await session(locale);
  return history(editor, input);
}

export async function restoreAction(locale: unknown, input: unknown) {
  const { editor } = await session(locale);
  return withEntry(editor, input, await restoreRevision(editor, input));
}

export async function slugAction(locale: unknown, input: unknown) {
  const { editor } = await session(locale);
  return withEntry(editor, input, await changeSlug(editor, input));
}

export async function heartbeatAction(locale: unknown, input: unknown) {
  const { editor } = await session(locale);
  return heartbeat(editor, input);
}

export async function leaveAction(locale: unknown, input: unknown) {
  const { editor } = await session(locale);
  return leave(editor, input);
}
