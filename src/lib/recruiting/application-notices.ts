import type recruiting from '../../../public/locales/nl/recruiting.json';

// What an action on an application's page reports after it redirects back: a key of
// recruiting.notices in `?notice=`, read back only if it is one of them.

export type ApplicationNotice = keyof typeof recruiting.notices;

const NOTICES = ['statusChanged', 'statusUnchanged', 'statusFailed', 'noteAdded', 'noteEmpty', 'noteTooLong', 'noteFailed'] as const satisfies readonly ApplicationNotice[];

export function parseApplicationNotice(value: unknown): ApplicationNotice | undefined {
  return NOTICES.find((notice) => notice === value);
}

export function isFailureNotice(notice: ApplicationNotice): boolean {
  return notice === 'statusFailed' || notice === 'noteEmpty' || notice === 'noteTooLong' || notice === 'noteFailed';
}

/** The most characters a note may have (the database's check on application_notes.body). */
export const NOTE_MAX_LENGTH = 2000;

/**
 * A note as the database will store it, or why not: line breaks as the browser sent them become
 * \n (so they count once, as the text area's counter counts them), and the length is counted in
 * characters, as Postgres's char_length does.
 */
export function readNoteBody(value: unknown): { body: string } | { error: 'noteEmpty' | 'noteTooLong' } {
  if (typeof value !== 'string' || value.trim() === '') return { error: 'noteEmpty' };
  const body = value.replace(/\r\n?/g, '\n').trim();
  if ([...body].length > NOTE_MAX_LENGTH) return { error: 'noteTooLong' };
  return { body };
}
