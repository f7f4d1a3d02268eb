import 'server-only';

import type { User } from '@supabase/supabase-js';
import type { ServerSupabase } from '@/lib/auth/server-session';
import type { Subject } from './contact-fields';

// Staff reads and handles messages with their own session: row-level security on
// contact_messages (staff only) is the real gate, the checks in the pages are the courtesy.

export type InboxMessage = {
  id: string;
  created_at: string;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  subject: Subject;
  vacancy: string | null;
  message: string;
  locale: 'nl' | 'en';
  handled_at: string | null;
};

const columns = 'id, created_at, name, email, company, phone, subject, vacancy, message, locale, handled_at';

/** Staff are the accounts the firm marks with app_metadata.role = 'staff' (set only with the service role). */
export function isStaff(user: User): boolean {
  return user.app_metadata?.role === 'staff';
}

/** All messages, newest first; null when the database could not be read. */
export async function listMessages(supabase: ServerSupabase): Promise<InboxMessage[] | null> {
  const { data, error } = await supabase.from('contact_messages').select(columns).order('created_at', { ascending: false }).limit(500);
  if (error) {
    console.error('[inbox] could not list messages:', error.code, error.message);
    return null;
  }
  return data as InboxMessage[];
}

/** One message, or null when it does not exist (or is not visible to this user). */
export async function getMessage(supabase: ServerSupabase, id: string): Promise<InboxMessage | null> {
  const { data, error } = await supabase.from('contact_messages').select(columns).eq('id', id).maybeSingle();
  if (error) {
    console.error('[inbox] could not read message:', error.code, error.message);
    return null;
  }
  return data as InboxMessage | null;
}

/** Marks a message handled by this user; false when nothing was updated. */
export async function markHandled(supabase: ServerSupabase, id: string, userId: string): Promise<boolean> {
  const { data, error } = await supabase
    .from('contact_messages')
    .update({ handled_at: new Date().toISOString(), handled_by: userId })
    .eq('id', id)
    .is('handled_at', null)
    .select('id');
  if (error) console.error('[inbox] could not mark message handled:', error.code, error.message);
  return !error && (data?.length ?? 0) === 1;
}
