'use server';

import { refresh } from 'next/cache';
import { redirect } from 'next/navigation';
import { hasLocale } from 'next-intl';

import { withLocale } from '@/i18n/locale-path';
import { routing } from '@/i18n/routing';
import { readNoteBody, type NoteAnswer, type RightsAnswer, type StatusAnswer } from '@/lib/recruiting/application-notices';
import { isApplicationStatus } from '@/lib/recruiting/application-status';
import {
  addApplicationNote,
  deleteApplicationOnRequest,
  isApplicationId,
  setApplicationStatus,
  takeOutOfTalentPool,
  talentPoolExitOf,
} from '@/lib/recruiting/staff-applications';
import { requireStaffRole } from '@/lib/staff/require-staff';

// Locale and id are bound on the server and the form is the browser's, but a server action is a
// public endpoint: every argument is checked like any input, and a forged call lands on the list.
// Each action answers in place (the page is rendered again with the change), rather than by a
// redirect: a new address would mount the page anew, losing focus and whatever was typed elsewhere.

type Checked = { locale: (typeof routing.locales)[number]; id: string; form: FormData };

function checked(locale: unknown, id: unknown, form: unknown): Checked {
  if (!hasLocale(routing.locales, locale)) redirect(withLocale('/account/applications', routing.defaultLocale));
  if (!isApplicationId(id) || !(form instanceof FormData)) redirect(withLocale('/account/applications', locale));
  return { locale, id, form };
}

/** Moves an application to the status in the form; the database records who and when. */
export async function changeApplicationStatus(locale: unknown, id: unknown, _previous: unknown, form: unknown): Promise<StatusAnswer> {
  const input = checked(locale, id, form);
  const { supabase } = await requireStaffRole('recruiting', input.locale, `/account/applications/${input.id}`);
  const status = input.form.get('status');
  if (!isApplicationStatus(status)) return { notice: 'statusFailed' };
  const result = await setApplicationStatus(supabase, input.id, status);
  if (result === 'changed') refresh();
  return { notice: result === 'changed' ? 'statusChanged' : result === 'unchanged' ? 'statusUnchanged' : 'statusFailed' };
}

/** Adds an internal note in the caller's name; the database sets author and time. */
export async function addNote(locale: unknown, id: unknown, _previous: unknown, form: unknown): Promise<NoteAnswer> {
  const input = checked(locale, id, form);
  const { supabase } = await requireStaffRole('recruiting', input.locale, `/account/applications/${input.id}`);
  const sent = input.form.get('body');
  const body = typeof sent === 'string' ? sent : undefined;
  const note = readNoteBody(sent);
  if ('error' in note) return { error: { key: note.error, field: 'body' }, body };
  if (!(await addApplicationNote(supabase, input.id, note.body))) return { error: { key: 'noteFailed' }, body };
  refresh();
  return { added: true };
}

/**
 * Takes the application out of the talent pool, when the applicant withdraws that consent by mail.
 * Four weeks or more after its procedure ended, that consent was all that kept it: it is deleted
 * now, as the page said, once the box is ticked (as for a deletion on request), and the action
 * leads to the list like a deletion on request.
 */
export async function leaveTalentPool(locale: unknown, id: unknown, _previous: unknown, form: unknown): Promise<RightsAnswer> {
  const input = checked(locale, id, form);
  const { supabase } = await requireStaffRole('recruiting', input.locale, `/account/applications/${input.id}`);
  const deletesNow = (await talentPoolExitOf(supabase, input.id))?.when === 'now';
  if (deletesNow && input.form.get('confirm') !== 'on') return { notice: 'deleteUnconfirmed' };
  if (!(await takeOutOfTalentPool(supabase, input.id))) return { notice: 'talentPoolFailed' };
  if (deletesNow) {
    const result = await deleteApplicationOnRequest(supabase, input.id);
    // Not marked: out of the pool, the next retention run deletes it.
    redirect(withLocale(`/account/applications?deleted=${result === 'deleted' ? 'done' : 'pending'}`, input.locale));
  }
  refresh();
  return { notice: 'talentPoolLeft' };
}

/**
 * Deletes the application, its files and notes, on the applicant's request, once the confirmation
 * box is ticked. Done, it leads to the list, which says so: this page has nothing left to show.
 */
export async function deleteOnRequest(locale: unknown, id: unknown, _previous: unknown, form: unknown): Promise<RightsAnswer> {
  const input = checked(locale, id, form);
  const { supabase } = await requireStaffRole('recruiting', input.locale, `/account/applications/${input.id}`);
  if (input.form.get('confirm') !== 'on') return { notice: 'deleteUnconfirmed' };
  const result = await deleteApplicationOnRequest(supabase, input.id);
  if (result === 'failed') return { notice: 'deleteFailed' };
  redirect(withLocale(`/account/applications?deleted=${result === 'deleted' ? 'done' : 'pending'}`, input.locale));
}
