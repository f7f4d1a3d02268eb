'use server';

import { redirect } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { withLocale } from '@/i18n/locale-path';
import { routing } from '@/i18n/routing';
import { requireStaffRole } from '@/lib/staff/require-staff';
import { readNoteBody, type ApplicationNotice } from '@/lib/recruiting/application-notices';
import { isApplicationStatus } from '@/lib/recruiting/application-status';
import { addApplicationNote, isApplicationId, setApplicationStatus } from '@/lib/recruiting/staff-applications';

// Locale and id are bound on the server and the form is the browser's, but a server action is a
// public endpoint: every argument is checked like any input, and a forged call lands on the list.

type Checked = { locale: (typeof routing.locales)[number]; id: string; form: FormData };

function checked(locale: unknown, id: unknown, form: unknown): Checked {
  if (!hasLocale(routing.locales, locale)) redirect(withLocale('/account/applications', routing.defaultLocale));
  if (!isApplicationId(id) || !(form instanceof FormData)) redirect(withLocale('/account/applications', locale));
  return { locale, id, form };
}

function backTo(locale: Checked['locale'], id: string, notice: ApplicationNotice): never {
  redirect(`${withLocale(`/account/applications/${id}`, locale)}?notice=${notice}`);
}

/** Moves an application to the status in the form; the database records who and when. */
export async function changeApplicationStatus(locale: unknown, id: unknown, form: unknown): Promise<void> {
  const input = checked(locale, id, form);
  const { supabase } = await requireStaffRole('recruiting', input.locale, `/account/applications/${input.id}`);
  const status = input.form.get('status');
  if (!isApplicationStatus(status)) backTo(input.locale, input.id, 'statusFailed');
  const result = await setApplicationStatus(supabase, input.id, status);
  backTo(input.locale, input.id, result === 'changed' ? 'statusChanged' : result === 'unchanged' ? 'statusUnchanged' : 'statusFailed');
}

/** Adds an internal note in the caller's name; the database sets author and time. */
export async function addNote(locale: unknown, id: unknown, form: unknown): Promise<void> {
  const input = checked(locale, id, form);
  const { supabase } = await requireStaffRole('recruiting', input.locale, `/account/applications/${input.id}`);
  const note = readNoteBody(input.form.get('body'));
  if ('error' in note) backTo(input.locale, input.id, note.error);
  const ok = await addApplicationNote(supabase, input.id, note.body);
  backTo(input.locale, input.id, ok ? 'noteAdded' : 'noteFailed');
}
