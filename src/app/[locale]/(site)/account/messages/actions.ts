'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { hasLocale } from 'next-intl';

import { withLocale } from '@/i18n/locale-path';
import { routing } from '@/i18n/routing';
import { isMessageId, markHandled } from '@/lib/contact/staff-inbox';
import { requireStaffRole } from '@/lib/staff/require-staff';

/**
 * Marks a message handled; the same staff check as the page, and the database's own behind it
 * (it records when and who itself). Both arguments are bound on the server, but a server action
 * is a public endpoint, so they are checked like any input: a forged call is sent to the inbox.
 */
export async function markMessageHandled(locale: unknown, id: unknown): Promise<void> {
  if (!hasLocale(routing.locales, locale)) redirect(withLocale('/account/messages', routing.defaultLocale));
  if (!isMessageId(id)) redirect(withLocale('/account/messages', locale));
  const path = `/account/messages/${id}`;
  const { supabase } = await requireStaffRole('inbox', locale, path);
  const ok = await markHandled(supabase, id);
  revalidatePath(withLocale('/account/messages', locale));
  redirect(`${withLocale(path, locale)}?${ok ? 'handled=1' : 'failed=1'}`);
}
