import type recruiting from '../../../public/locales/nl/recruiting.json';

// What an action on an application's page answers: a key of recruiting.notices, said next to the
// form that was sent. A note's refusal belongs to its field, and the note comes back with it.

export type ApplicationNotice = keyof typeof recruiting.notices;

export type StatusNotice = Extract<ApplicationNotice, `status${string}`>;
export type NoteError = Extract<ApplicationNotice, 'noteEmpty' | 'noteTooLong' | 'noteFailed'>;

/** The status form's answer: a new object for each, so a repeated notice is said and focused again. */
export type StatusAnswer = { notice?: StatusNotice };

/** The talent-pool and deletion forms' answer, a new object for each. */
export type RightsAnswer = {
  notice?: Extract<ApplicationNotice, 'talentPoolLeft' | 'talentPoolFailed' | 'deleteUnconfirmed' | 'deleteFailed'>;
};

/**
 * The note form's answer. Refused or failed, it carries the note as it was sent, so nothing typed
 * is lost; an empty or over-long note is the field's error, a failure to store it the form's.
 */
export type NoteAnswer = { added?: true; error?: { key: NoteError; field?: 'body' }; body?: string };

export function isFailureNotice(notice: ApplicationNotice): boolean {
  return notice !== 'statusChanged' && notice !== 'statusUnchanged' && notice !== 'noteAdded' && notice !== 'talentPoolLeft';
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
