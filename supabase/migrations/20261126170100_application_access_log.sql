-- Who opened or downloaded which application, and when (the Dutch DPA expects a controller to be
-- able to show who had access to personal data). The site's server records an entry with the
-- staff member's own session each time recruiting staff open an application or download one of
-- its files; nobody can change or delete an entry, except the retention run after a year.
--
-- A year: long enough to answer a candidate's access request or to trace a leak for any
-- application, which is itself kept at most a year after it arrived; the entries hold no
-- applicant data, only ids and times. The privacy statement states the same period.

create table public.application_access_log (
  id bigint generated always as identity primary key,
  -- No foreign keys: an entry outlives the application and file it names, and the staff member's account.
  application_id uuid not null,
  file_id uuid,
  actor_id uuid not null,
  action text not null check (action in ('open', 'download')),
  at timestamptz not null default now(),
  constraint application_access_log_download_names_a_file check ((action = 'download') = (file_id is not null))
);

create index application_access_log_at_idx on public.application_access_log (at);
create index application_access_log_application_id_idx on public.application_access_log (application_id);

alter table public.application_access_log enable row level security;

revoke all on table public.application_access_log from anon, authenticated;
grant select on table public.application_access_log to authenticated;

create policy "Admins can read the application access log."
  on public.application_access_log for select
  to authenticated
  using ((select public.has_staff_role('admin')));

-- Records an access in the caller's own name. Only recruiting staff (who are the only ones who can
-- open applications) record anything, and only for a live application and, for a download, a file
-- of that application. True when an entry was written.
create function public.log_application_access(application_id uuid, file_id uuid default null) returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not public.has_staff_role('recruiting') then
    raise exception 'only recruiting staff signed in with their second factor open applications'
      using errcode = '42501';
  end if;
  insert into public.application_access_log (application_id, file_id, actor_id, action)
    select a.id, log_application_access.file_id, (select auth.uid()),
      case when log_application_access.file_id is null then 'open' else 'download' end
    from public.applications a
    where a.id = log_application_access.application_id
      and a.deletion_requested_at is null
      and (
        log_application_access.file_id is null
        or exists (
          select 1 from public.application_files f
          where f.id = log_application_access.file_id and f.application_id = a.id
        )
      );
  return found;
end;
$$;

revoke execute on function public.log_application_access(uuid, uuid) from public, anon;
grant execute on function public.log_application_access(uuid, uuid) to authenticated, service_role;

-- The newest entries with the staff member's e-mail address, for the admins' page. Admins only.
create function public.application_access_log_recent(max_rows integer default 100)
returns table (at timestamptz, action text, application_id uuid, file_id uuid, actor_email text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.has_staff_role('admin') then
    raise exception 'only admins signed in with their second factor may read the access log' using errcode = '42501';
  end if;
  return query
    select l.at, l.action, l.application_id, l.file_id, u.email::text
    from public.application_access_log l
    left join auth.users u on u.id = l.actor_id
    order by l.at desc, l.id desc
    limit least(greatest(application_access_log_recent.max_rows, 1), 500);
end;
$$;

revoke execute on function public.application_access_log_recent(integer) from public, anon;
grant execute on function public.application_access_log_recent(integer) to authenticated, service_role;

-- The retention run (POST /api/retention, hourly) deletes entries older than a year.
create function public.purge_old_application_access_log() returns integer
language sql
volatile
set search_path = ''
as $$
  with gone as (
    delete from public.application_access_log l
      where l.at < now() - interval '1 year'
      returning 1
  )
  select count(*)::integer from gone
$$;

revoke execute on function public.purge_old_application_access_log() from public, anon, authenticated;
grant execute on function public.purge_old_application_access_log() to service_role;
