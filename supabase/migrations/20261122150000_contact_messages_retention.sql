-- The privacy statement keeps contact messages for at most twelve months after the last
-- contact: the handling of the message, or its arrival when nobody has handled it yet.
-- Every new message clears out those past that point, so the promise holds without a
-- scheduler. Hosted projects that can go quiet for months may also schedule the same
-- delete with pg_cron.
create function public.forget_old_contact_messages() returns trigger
language plpgsql
-- Senders may not delete; the clean-up runs with the owner's rights, on nothing but old rows.
security definer
set search_path = ''
as $$
begin
  delete from public.contact_messages m
    where coalesce(m.handled_at, m.created_at) < now() - interval '12 months';
  return null;
end;
$$;

revoke execute on function public.forget_old_contact_messages() from public, anon, authenticated;

create trigger forget_old_contact_messages
  after insert on public.contact_messages
  for each statement
  execute function public.forget_old_contact_messages();
