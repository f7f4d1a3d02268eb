import 'server-only';

import { hasLocale } from 'next-intl';

import { routing, type Locale } from '@/i18n/routing';
import type { ServerSupabase } from '@/lib/auth/server-session';
import type { Tables } from '@/lib/supabase/database.types';
import { isUuid } from '@/lib/uuid';

import { isSubject, type Subject } from './contact-fields';
import { pageCountFor, pageRange } from './inbox-pages';

// Staff reads and handles messages with their own session: row-level security on
// contact_messages (staff at aal2 in a live session, see is_staff()) is the real gate, the
// checks in the pages are the courtesy.

type MessageRow = Pick<
  Tables<'contact_messages'>,
  'id' | 'created_at' | 'name' | 'email' | 'company' | 'phone' | 'subject' | 'vacancy' | 'message' | 'locale' | 'handled_at'
>;

// The table's CHECK constraints hold subject and locale to these values; the generated types,
// like Postgres's catalog, know them only as text.
export type InboxMessage = Omit<MessageRow, 'subject' | 'locale'> & { subject: Subject; locale: Locale };

const columns = 'id, created_at, name, email, company, phone, subject, vacancy, message, locale, handled_at';

/** The row with its subject and locale checked; null when it breaks the table's constraints. */
function inboxMessage(row: MessageRow): InboxMessage | null {
  const { subject, locale } = row;
  if (!isSubject(subject) || !hasLocale(routing.locales, locale)) {
    console.error('[inbox] a message breaks the table’s constraints:', row.id);
    return null;
  }
  return { ...row, subject, locale };
}

/** Message ids are uuids; anything else names no message and is not sent to the database. */
export function isMessageId(id: unknown): id is string {
  return isUuid(id);
}

export type InboxPage = {
  messages: InboxMessage[];
  /** The page shown: the one asked for, or the last one when that lies beyond the end. */
  page: number;
  pageCount: number;
  total: number;
  open: number;
};

/** One page of messages, newest first, with the totals; null when the database could not be read. */
export async function listMessages(supabase: ServerSupabase, requestedPage: number): Promise<InboxPage | null> {
  const count = (onlyOpen: boolean) => {
    const query = supabase.from('contact_messages').select('id', { count: 'exact', head: true });
    return onlyOpen ? query.is('handled_at', null) : query;
  };
  const [all, open] = await Promise.all([count(false), count(true)]);
  if (all.error || open.error || all.count === null || open.count === null) {
    const error = all.error ?? open.error;
    console.error('[inbox] could not count messages:', error?.code, error?.message);
    return null;
  }
  const pageCount = pageCountFor(all.count);
  const page = Math.min(requestedPage, pageCount);
  const { from, to } = pageRange(page);
  // Ties on created_at are broken by id, so no message sits on two pages or on none.
  const { data, error } = await supabase
    .from('contact_messages')
    .select(columns)
    .order('created_at', { ascending: false })
    .order('id', { ascending: true })
    .range(from, to);
  if (error) {
    console.error('[inbox] could not list messages:', error.code, error.message);
    return null;
  }
  const messages = data.map(inboxMessage).filter((message) => message !== null);
  if (messages.length < data.length) return null;
  return { messages, page, pageCount, total: all.count, open: open.count };
}

/** One message, or null when it does not exist (or is not visible to this user). */
export async function getMessage(supabase: ServerSupabase, id: string): Promise<InboxMessage | null> {
  const { data, error } = await supabase.from('contact_messages').select(columns).eq('id', id).maybeSingle();
  if (error) {
    console.error('[inbox] could not read message:', error.code, error.message);
    return null;
  }
  return data === null ? null : inboxMessage(data);
}

/**
 * Marks a message handled. The database records when and by whom (now(), the caller), and
 * refuses unless the caller is staff at aal2; false when nothing was marked.
 */
export async function markHandled(supabase: ServerSupabase, id: string): Promise<boolean> {
  const { data, error } = await supabase.rpc('mark_contact_message_handled', { message_id: id });
  if (error) console.error('[inbox] could not mark message handled:', error.code, error.message);
  return !error && data === true;
}
