-- Contact messages go twelve months after the last contact. The insert trigger only runs when a
-- new message arrives, so a quiet site kept old ones longer; the hourly retention job
-- (POST /api/retention, scheduled with pg_cron on hosted projects) calls this as well. The same
-- rule as forget_old_contact_messages(); the number of messages deleted.
create function public.purge_old_contact_messages() returns integer
language sql
volatile
set search_path = ''
as $$
  with gone as (
    delete from public.contact_messages m
      where coalesce(m.handled_at, m.created_at) < now() - interval '12 months'
      returning 1
  )
  select count(*)::integer from gone
$$;

revoke execute on function public.purge_old_contact_messages() from public, anon, authenticated;
grant execute on function public.purge_old_contact_messages() to service_role;
