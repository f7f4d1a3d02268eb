-- The applicant's rights, honoured by recruiting staff when asked by e-mail (AVG articles 7(3) and
-- 17), and a hired applicant kept no longer than the purpose needs.

-- 1. Taking an application out of the talent pool. From then on the four-week rule applies to it
--    (applications_past_retention below). Only recruiting staff at aal2, only a live application.
create function public.take_out_of_talent_pool(application_id uuid) returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not public.has_staff_role('recruiting') then
    raise exception 'only recruiting staff signed in with their second factor may take an application out of the talent pool'
      using errcode = '42501';
  end if;
  update public.applications a
    set talent_pool = false
    where a.id = take_out_of_talent_pool.application_id
      and a.talent_pool
      and a.deletion_requested_at is null;
  return found;
end;
$$;

revoke execute on function public.take_out_of_talent_pool(uuid) from public, anon;
grant execute on function public.take_out_of_talent_pool(uuid) to authenticated, service_role;

-- 2. Deleting an application on request. Staff may not delete rows or Storage objects themselves:
--    they mark the application, which hides it from staff at once and makes it due for the purge;
--    the server then deletes the marked application as the service (files first, then rows), and
--    whatever it cannot finish the next purge does.
create function public.request_application_deletion(application_id uuid) returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not public.has_staff_role('recruiting') then
    raise exception 'only recruiting staff signed in with their second factor may delete an application'
      using errcode = '42501';
  end if;
  update public.applications a
    set deletion_requested_at = now()
    where a.id = request_application_deletion.application_id
      and a.deletion_requested_at is null;
  return found;
end;
$$;

revoke execute on function public.request_application_deletion(uuid) from public, anon;
grant execute on function public.request_application_deletion(uuid) to authenticated, service_role;

-- 3. Once someone is hired, "future vacancies" no longer applies: a hired applicant is deleted four
--    weeks after the procedure, talent pool or not; what is needed goes into the personnel file.
create or replace function public.applications_past_retention()
returns setof uuid
language sql
stable
set search_path = ''
as $$
  select a.id
  from public.applications a
  where a.deletion_requested_at is not null
     or ((not a.talent_pool or a.status = 'hired') and a.procedure_ended_at <= now() - interval '4 weeks')
     or a.created_at <= now() - interval '1 year'
  order by a.created_at, a.id
$$;
