import 'server-only';

import { entryInput } from './inputs';
import { failed, parse, type Result } from './results';
import { people } from './rows';
import type { Editor, Presence } from './types';

/** Someone who stopped sending a heartbeat this long ago has closed the editor. */
export const PRESENCE_WINDOW_MS = 60_000;

// Who has an entry open.

/** Says the editor has the entry open (refreshed while the page is open) and who else has. */
export async function heartbeat(editor: Editor, input: unknown, now = new Date()): Promise<Result<{ others: Presence[] }>> {
  const args = parse(entryInput, input);
  if (!args) return failed('invalid');
  const { supabase, userId } = editor;
  const seenAt = now.toISOString();
  // No upsert: the row is refreshed, or made the first time.
  const refreshed = await supabase
    .from('content_presence')
    .update({ seen_at: seenAt })
    .eq('entry_id', args.entryId)
    .eq('user_id', userId)
    .select('user_id');
  if (refreshed.error) return failed('failed');
  if (refreshed.data.length === 0) {
    const made = await supabase.from('content_presence').insert({ entry_id: args.entryId, user_id: userId, seen_at: seenAt });
    if (made.error) return failed(made.error.code === '23503' ? 'notFound' : 'failed');
  }
  const since = new Date(now.getTime() - PRESENCE_WINDOW_MS).toISOString();
  const { data, error } = await supabase
    .from('content_presence')
    .select('user_id, seen_at')
    .eq('entry_id', args.entryId)
    .neq('user_id', userId)
    .gte('seen_at', since);
  if (error) return failed('failed');
  const names = await people(
    supabase,
    data.map((p) => p.user_id),
  );
  const others = data.flatMap((p) => {
    const email = names.get(p.user_id);
    return email ? [{ email, seenAt: p.seen_at }] : [];
  });
  return { ok: true, others };
}

/** The editor closed the entry. */
export async function leave(editor: Editor, input: unknown): Promise<Result<object>> {
  const args = parse(entryInput, input);
  if (!args) return failed('invalid');
  const { error } = await editor.supabase.from('content_presence').delete().eq('entry_id', args.entryId).eq('user_id', editor.userId);
  return error ? failed('failed') : { ok: true };
}
