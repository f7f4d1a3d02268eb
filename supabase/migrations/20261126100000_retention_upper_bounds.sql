-- Two retention promises that held only while something else happened.
--
-- 1. Rate-limit hits were deleted only when the next limited request came in (consume_rate_limit
--    clears everything older than a day). On a quiet site they stayed. The hourly retention run
--    (POST /api/retention) now deletes them too, so the privacy statement can promise a day.
create function public.purge_old_rate_limit_hits() returns integer
language sql
volatile
set search_path = ''
as $$
  with gone as (
    delete from public.rate_limit_hits h
      where h.hit_at < now() - interval '1 day'
      returning 1
  )
  select count(*)::integer from gone
$$;

revoke execute on function public.purge_old_rate_limit_hits() from public, anon, authenticated;
grant execute on function public.purge_old_rate_limit_hits() to service_role;

-- 2. An application whose procedure never ended (nobody moved it to hired or rejected) was kept
--    for ever. Now no application outlives a year after it arrived, whatever its status; the
--    withdrawal link in the confirmation mail is valid for that same year.
create or replace function public.applications_past_retention()
returns setof uuid
language sql
stable
set search_path = ''
as $$
  select a.id
  from public.applications a
  where a.deletion_requested_at is not null
     or (not a.talent_pool and a.procedure_ended_at <= now() - interval '4 weeks')
     or a.created_at <= now() - interval '1 year'
  order by a.created_at, a.id
$$;
