-- "No entry, no access", kept by the database (security review 3, M3; copy review 3, F6).
--
-- Recruiting staff could read every application over REST and download every CV from Storage with
-- their own session, and the access log saw only what the site's pages recorded. Now the tables
-- and the bucket give authenticated users nothing; staff read applications only through the
-- functions below, and each of them that hands over an applicant's data writes the access-log
-- entry in the same transaction: 'list' for each application a list shows, 'open' for an
-- application with its files and notes, 'download' for a file (whose URL the server then signs
-- with the service role, for a minute). What carries no applicant data (counts per vacancy, an
-- application's status and dates) is answered without an entry.

alter table public.application_access_log drop constraint application_access_log_action_check;
alter table public.application_access_log
  add constraint application_access_log_action_check check (action in ('list', 'open', 'download', 'export'));

-- 1. Nothing directly: not the rows, not the objects, not the note insert.
drop policy "Recruiting staff can read live applications." on public.applications;
drop policy "Recruiting staff can read the files of live applications." on public.application_files;
drop policy "Recruiting staff can read the notes of live applications." on public.application_notes;
drop policy "Recruiting staff can add notes to live applications in their own name." on public.application_notes;
drop policy "Recruiting staff can read the stored files of live applications." on storage.objects;
revoke select on public.applications, public.application_files, public.application_notes from authenticated;
revoke insert on public.application_notes from authenticated;

-- The site's pages recorded accesses with this; the functions below record their own.
drop function public.log_application_access(uuid, uuid);

-- 2. What staff may see of an application at all: live (not on its way out) and complete.
create function public.staff_may_see_application(wanted_application uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.applications a
    where a.id = staff_may_see_application.wanted_application
      and a.deletion_requested_at is null
      and a.completed_at is not null
  )
$$;
revoke execute on function public.staff_may_see_application(uuid) from public, anon, authenticated;

create function public.require_recruiting_staff() returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.has_staff_role('recruiting') then
    raise exception 'only recruiting staff signed in with their second factor read applications' using errcode = '42501';
  end if;
end;
$$;
revoke execute on function public.require_recruiting_staff() from public, anon, authenticated;

-- 3. The list: how many match (no applicant data), then one page of them, each one logged.
create function public.staff_applications_count(
  vacancy_filter text default null,
  open_only boolean default false,
  status_filter public.application_status default null
)
returns bigint
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  matching bigint;
begin
  perform public.require_recruiting_staff();
  select count(*) into matching
  from public.applications a
  where a.deletion_requested_at is null and a.completed_at is not null
    and (not staff_applications_count.open_only or a.vacancy_slug is null)
    and (staff_applications_count.vacancy_filter is null or a.vacancy_slug = staff_applications_count.vacancy_filter)
    and (staff_applications_count.status_filter is null or a.status = staff_applications_count.status_filter);
  return matching;
end;
$$;

create function public.staff_applications_page(
  first_row integer,
  row_count integer,
  vacancy_filter text default null,
  open_only boolean default false,
  status_filter public.application_status default null
)
returns table (
  id uuid,
  created_at timestamptz,
  name text,
  vacancy_slug text,
  vacancy_title text,
  status public.application_status,
  talent_pool boolean,
  locale text
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  shown record;
begin
  perform public.require_recruiting_staff();
  -- Newest first, ties broken by id, so no application sits on two pages or on none.
  for shown in
    select a.id, a.created_at, a.name, a.vacancy_slug, a.vacancy_title, a.status, a.talent_pool, a.locale
    from public.applications a
    where a.deletion_requested_at is null and a.completed_at is not null
      and (not staff_applications_page.open_only or a.vacancy_slug is null)
      and (staff_applications_page.vacancy_filter is null or a.vacancy_slug = staff_applications_page.vacancy_filter)
      and (staff_applications_page.status_filter is null or a.status = staff_applications_page.status_filter)
    order by a.created_at desc, a.id
    offset greatest(staff_applications_page.first_row, 0)
    limit least(greatest(staff_applications_page.row_count, 0), 100)
  loop
    insert into public.application_access_log (application_id, actor_id, action) values (shown.id, (select auth.uid()), 'list');
    id := shown.id;
    created_at := shown.created_at;
    name := shown.name;
    vacancy_slug := shown.vacancy_slug;
    vacancy_title := shown.vacancy_title;
    status := shown.status;
    talent_pool := shown.talent_pool;
    locale := shown.locale;
    return next;
  end loop;
end;
$$;

-- 4. One application, with its files and notes, logged as opened. Null when staff may not see it.
create function public.staff_application_open(wanted_application uuid) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  opened jsonb;
begin
  perform public.require_recruiting_staff();
  if not public.staff_may_see_application(staff_application_open.wanted_application) then
    return null;
  end if;
  select jsonb_build_object(
      'application', jsonb_build_object(
        'id', a.id, 'created_at', a.created_at, 'name', a.name, 'vacancy_slug', a.vacancy_slug,
        'vacancy_title', a.vacancy_title, 'status', a.status, 'talent_pool', a.talent_pool, 'locale', a.locale,
        'email', a.email, 'phone', a.phone, 'profile_url', a.profile_url, 'motivation', a.motivation,
        'status_changed_at', a.status_changed_at, 'status_changed_by', a.status_changed_by,
        'procedure_ended_at', a.procedure_ended_at
      ),
      'files', coalesce((
        select jsonb_agg(jsonb_build_object(
            'id', f.id, 'kind', f.kind, 'file_name', f.file_name, 'content_type', f.content_type, 'size_bytes', f.size_bytes
          ) order by f.kind, f.id)
        from public.application_files f where f.application_id = a.id
      ), '[]'::jsonb),
      'notes', coalesce((
        select jsonb_agg(jsonb_build_object(
            'id', n.id, 'author_id', n.author_id, 'body', n.body, 'created_at', n.created_at
          ) order by n.created_at, n.id)
        from public.application_notes n where n.application_id = a.id
      ), '[]'::jsonb)
    )
  into opened
  from public.applications a
  where a.id = staff_application_open.wanted_application;
  insert into public.application_access_log (application_id, actor_id, action)
  values (staff_application_open.wanted_application, (select auth.uid()), 'open');
  return opened;
end;
$$;

-- 5. What the server needs to sign a download of one file, logged as downloaded. No row when staff
--    may not have it.
create function public.staff_application_file(wanted_application uuid, wanted_file uuid)
returns table (object_path text, kind text, content_type text, applicant_name text)
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform public.require_recruiting_staff();
  if not public.staff_may_see_application(staff_application_file.wanted_application) then
    return;
  end if;
  return query
    select f.object_path, f.kind, f.content_type, a.name
    from public.application_files f
    join public.applications a on a.id = f.application_id
    where f.id = staff_application_file.wanted_file and f.application_id = staff_application_file.wanted_application;
  if found then
    insert into public.application_access_log (application_id, file_id, actor_id, action)
    values (staff_application_file.wanted_application, staff_application_file.wanted_file, (select auth.uid()), 'download');
  end if;
end;
$$;

-- 6. An application's state, for a page title and after an action: no applicant data, no entry.
create function public.staff_application_state(wanted_application uuid)
returns table (created_at timestamptz, status public.application_status, procedure_ended_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_recruiting_staff();
  return query
    select a.created_at, a.status, a.procedure_ended_at
    from public.applications a
    where a.id = staff_application_state.wanted_application
      and public.staff_may_see_application(a.id);
end;
$$;

-- 7. A note, in the caller's name and at the database's time, on an application staff may see.
create function public.add_application_note(wanted_application uuid, note_body text) returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform public.require_recruiting_staff();
  if not public.staff_may_see_application(add_application_note.wanted_application) then
    return false;
  end if;
  insert into public.application_notes (application_id, author_id, body)
  values (add_application_note.wanted_application, (select auth.uid()), add_application_note.note_body);
  return true;
end;
$$;

-- 8. The vacancy filter's counts, which row-level security used to limit, now limited here.
create or replace function public.application_vacancies()
returns table (vacancy_slug text, vacancy_title text, total bigint, new_count bigint)
language sql
stable
security definer
set search_path = ''
as $$
  select
    a.vacancy_slug,
    (array_agg(a.vacancy_title order by a.created_at desc))[1],
    count(*),
    count(*) filter (where a.status = 'new')
  from public.applications a
  where public.has_staff_role('recruiting') and a.deletion_requested_at is null and a.completed_at is not null
  group by a.vacancy_slug
  order by max(a.created_at) desc
$$;

revoke execute on function
  public.staff_applications_count(text, boolean, public.application_status),
  public.staff_applications_page(integer, integer, text, boolean, public.application_status),
  public.staff_application_open(uuid),
  public.staff_application_file(uuid, uuid),
  public.staff_application_state(uuid),
  public.add_application_note(uuid, text)
  from public, anon;
grant execute on function
  public.staff_applications_count(text, boolean, public.application_status),
  public.staff_applications_page(integer, integer, text, boolean, public.application_status),
  public.staff_application_open(uuid),
  public.staff_application_file(uuid, uuid),
  public.staff_application_state(uuid),
  public.add_application_note(uuid, text)
  to authenticated, service_role;
