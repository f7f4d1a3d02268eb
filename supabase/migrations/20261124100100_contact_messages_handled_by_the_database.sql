-- Marking a message handled is the database's job: it writes now() and auth.uid() itself, so
-- nobody can backdate a message into the retention delete or sign it with someone else's
-- name (security review, finding 4). Staff lose the column update grant and its policy, and
-- call mark_contact_message_handled() instead. Nobody but the service role updates rows.
drop policy "Staff can mark messages handled." on public.contact_messages;
revoke update on public.contact_messages from anon, authenticated;

-- Marks one message handled by the caller, now; true when it was open and is handled now.
-- Security definer, because the API roles have no update privilege left; the staff check
-- (aal2, live session, role) is is_staff()'s, as for reading.
create function public.mark_contact_message_handled(message_id uuid) returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'only staff signed in with their second factor may handle messages'
      using errcode = '42501';
  end if;
  update public.contact_messages m
    set handled_at = now(), handled_by = auth.uid()
    where m.id = mark_contact_message_handled.message_id
      and m.handled_at is null;
  return found;
end;
$$;

revoke execute on function public.mark_contact_message_handled(uuid) from public, anon;
grant execute on function public.mark_contact_message_handled(uuid) to authenticated;

-- Rows that the old grant let staff backdate or postdate are pulled back to what is possible:
-- handled no earlier than the message arrived and no later than now.
update public.contact_messages
  set handled_at = least(greatest(handled_at, created_at), now())
  where handled_at < created_at or handled_at > now();
update public.contact_messages set handled_by = null where handled_at is null and handled_by is not null;
update public.contact_messages set created_at = now() where created_at > now();

-- Retention deletes by coalesce(handled_at, created_at): with these, no value can make a fresh
-- message look a year old, or an old one look fresh. The five minutes allow for writers whose
-- clock runs slightly ahead of the database's.
alter table public.contact_messages
  add constraint contact_messages_created_at_not_in_future check (created_at <= now() + interval '5 minutes'),
  add constraint contact_messages_handled_after_arrival check (handled_at >= created_at),
  add constraint contact_messages_handled_at_not_in_future check (handled_at <= now() + interval '5 minutes'),
  add constraint contact_messages_handled_by_needs_handled_at check (handled_by is null or handled_at is not null);
