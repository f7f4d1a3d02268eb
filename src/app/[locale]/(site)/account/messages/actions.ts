'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { withLocale } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routing';
import { markHandled } from '@/lib/contact/staff-inbox';
import { requireStaff } from '@/lib/contact/require-staff';

/** Marks a message handled; the same staff check as the page, and RLS behind it. */
export async function markMessageHandled(locale: Locale, id: string): Promise<void> {
  const path = `/account/messages/${id}`;
  const { supabase, user } = await requireStaff(locale, path);
  const ok = await markHandled(supabase, id, user.id);
  revalidatePath(withLocale('/account/messages', locale));
  redirect(`${withLocale(path, locale)}?${ok ? 'handled=1' : 'failed=1'}`);
}
