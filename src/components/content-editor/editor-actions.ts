import type { Locale } from '@/lib/content-editor/locales';
import type { Result } from '@/lib/content-editor/results';
import type { EditorEntry, Presence, Revision } from '@/lib/content-editor/types';

type Answer<T> = Promise<Result<T>>;
type WithEntry<T> = Promise<Result<T> & { entry?: EditorEntry }>;

/** The edit page's server actions, with the page's language bound; each checks its argument on the server. */
export type EditorActions = {
  save: (input: unknown) => Answer<{ version: number; updatedAt: string }>;
  saveVersion: (input: unknown) => Answer<{ revisionId: string }>;
  publish: (input: unknown) => WithEntry<{ published: Locale[] }>;
  schedule: (input: unknown) => WithEntry<{ scheduledFor: string }>;
  unpublish: (input: unknown) => WithEntry<object>;
  history: (input: unknown) => Answer<{ revisions: Revision[] }>;
  restore: (input: unknown) => WithEntry<{ version: number }>;
  changeSlug: (input: unknown) => WithEntry<{ slug: string }>;
  heartbeat: (input: unknown) => Answer<{ others: Presence[] }>;
  leave: (input: unknown) => Answer<object>;
};
