-- Job applications sent through the vacancy pages, their files (in the private Storage bucket
-- `applications`) and staff's internal notes on them. Only the site's server writes
-- applications and files, with the service role, after its own validation and rate limits;
-- staff read them and move them through the pipeline with their own session at aal2
-- (is_staff()), and the database records who did what and when.

-- Where an application stands. 'hired' and 'rejected' end the procedure, which starts the
-- retention clock (applications_past_retention() below).
create type public.application_status as enum ('new', 'in_review', 'interview', 'offer', 'hired', 'rejected');

create table public.applications (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  locale text not null check (locale in ('nl', 'en')),
  -- Null is an open application, for no vacancy in particular.
  vacancy_slug text check (char_length(vacancy_slug) <= 100 and vacancy_slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  -- The title as the applicant saw it; vacancies are renamed or taken offline, applications stay.
  vacancy_title text check (char_length(vacancy_title) between 1 and 200),
  name text not null check (char_length(name) between 1 and 100),
  -- The same shape as contact_messages' addresses: nothing that could add cc, bcc or a body to
  -- the staff's mailto link.
  email text not null check (
    char_length(email) between 3 and 320
    and email ~ '^[A-Za-z0-9_''+.-]+@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$'
  ),
  phone text check (char_length(phone) <= 30),
  -- Shown to staff as a link, so only web addresses: never javascript:, data: or the like.
  profile_url text check (char_length(profile_url) <= 300 and profile_url ~ '^https?://[^[:space:]]+$'),
  motivation text not null check (char_length(motivation) between 1 and 4000),
  -- The applicant's consent to be kept for a year for later vacancies.
  talent_pool boolean not null default false,
  status public.application_status not null default 'new',
  -- Written by the database (applications_track_status), never by the client.
  status_changed_at timestamptz not null default now(),
  status_changed_by uuid references auth.users (id) on delete set null,
  procedure_ended_at timestamptz,
  -- Set by the server when the applicant withdraws or the retention period has passed, just
  -- before it removes the files: a row with this set is on its way out, hidden from staff, and
  -- picked up again by the next purge if removing its files or the row itself failed.
  deletion_requested_at timestamptz,
  -- The retention delete goes by these dates, so none of them may lie in the future or before
  -- the application arrived (five minutes' grace for writers whose clock runs ahead).
  constraint applications_created_at_not_in_future check (created_at <= now() + interval '5 minutes'),
  constraint applications_status_changed_after_arrival check (status_changed_at >= created_at),
  constraint applications_status_changed_at_not_in_future check (status_changed_at <= now() + interval '5 minutes'),
  constraint applications_procedure_ended_after_arrival check (procedure_ended_at >= created_at),
  constraint applications_procedure_ended_at_not_in_future check (procedure_ended_at <= now() + interval '5 minutes'),
  constraint applications_procedure_ended_iff_decided check ((procedure_ended_at is not null) = (status in ('hired', 'rejected')))
);
alter table public.applications enable row level security;

create index applications_created_at_idx on public.applications (created_at desc, id);
create index applications_vacancy_idx on public.applications (vacancy_slug, created_at desc);
create index applications_status_idx on public.applications (status, created_at desc);

-- The files that came with an application: at most one CV and one extra document. The object
-- name holds UUIDs only (`<application id>/<file id>`), so Storage's own tables and logs carry
-- no personal data; the applicant's file name lives here and is the download name.
create table public.application_files (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references public.applications (id) on delete cascade,
  kind text not null check (kind in ('cv', 'extra')),
  object_path text not null unique check (
    object_path ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    and split_part(object_path, '/', 1) = application_id::text
  ),
  file_name text not null check (char_length(file_name) between 1 and 255),
  content_type text not null check (
    content_type in ('application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')
  ),
  size_bytes integer not null check (size_bytes between 1 and 10485760),
  created_at timestamptz not null default now(),
  unique (application_id, kind)
);
alter table public.application_files enable row level security;

-- Internal notes by staff. Never shown to the applicant; deleted with the application.
create table public.application_notes (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references public.applications (id) on delete cascade,
  author_id uuid default auth.uid() references auth.users (id) on delete set null,
  body text not null check (char_length(body) between 1 and 2000 and body ~ '[^[:space:]]'),
  created_at timestamptz not null default now(),
  constraint application_notes_created_at_not_in_future check (created_at <= now() + interval '5 minutes')
);
alter table public.application_notes enable row level security;

create index application_notes_application_idx on public.application_notes (application_id, created_at);

-- The status history is the database's to write: whoever changes the status (staff through
-- set_application_status(), or the service role), the row records now() and the caller, and
-- the procedure's end follows the status. A status left unchanged leaves the fields alone, so
-- the server can still correct them within the constraints above.
create function public.applications_track_status() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if new.status in ('hired', 'rejected') then
      new.procedure_ended_at := coalesce(new.procedure_ended_at, now());
    else
      new.procedure_ended_at := null;
    end if;
    return new;
  end if;
  if new.status is distinct from old.status then
    new.status_changed_at := now();
    new.status_changed_by := auth.uid();
    if new.status not in ('hired', 'rejected') then
      new.procedure_ended_at := null;
    elsif old.status in ('hired', 'rejected') then
      -- From hired to rejected or back is a correction: the procedure ended when it first did.
      new.procedure_ended_at := old.procedure_ended_at;
    else
      new.procedure_ended_at := now();
    end if;
  end if;
  return new;
end;
$$;

revoke execute on function public.applications_track_status() from public, anon, authenticated;

create trigger applications_track_status
  before insert or update on public.applications
  for each row
  execute function public.applications_track_status();

-- Privileges first (hosted Supabase grants everything by default), then one policy per operation.
-- Nobody but the service role (which bypasses RLS) inserts, updates or deletes applications
-- and files: no grants and no policies for those.
revoke all on public.applications from anon, authenticated;
revoke all on public.application_files from anon, authenticated;
revoke all on public.application_notes from anon, authenticated;
grant select on public.applications to authenticated;
grant select on public.application_files to authenticated;
grant select on public.application_notes to authenticated;
-- Staff write only what a note says and where it belongs; author and time are the defaults.
grant insert (application_id, body) on public.application_notes to authenticated;

create policy "Staff can read applications."
  on public.applications for select
  to authenticated
  using ((select public.is_staff()) and deletion_requested_at is null);

create policy "Staff can read application files."
  on public.application_files for select
  to authenticated
  using ((select public.is_staff()));

create policy "Staff can read notes."
  on public.application_notes for select
  to authenticated
  using ((select public.is_staff()));

create policy "Staff can add notes in their own name."
  on public.application_notes for insert
  to authenticated
  with check ((select public.is_staff()) and author_id = (select auth.uid()));

-- No update or delete of notes: they are the record of how the procedure went.

-- Moves an application to another status as the caller, now (the trigger writes both); true
-- when the status changed. Security definer, because staff have no update privilege; the staff
-- check (aal2, live session, role) is is_staff()'s, as for reading.
create function public.set_application_status(application_id uuid, new_status public.application_status)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'only staff signed in with their second factor may change an application''s status'
      using errcode = '42501';
  end if;
  update public.applications a
    set status = set_application_status.new_status
    where a.id = set_application_status.application_id
      and a.status <> set_application_status.new_status
      and a.deletion_requested_at is null;
  return found;
end;
$$;

revoke execute on function public.set_application_status(uuid, public.application_status) from public, anon;
grant execute on function public.set_application_status(uuid, public.application_status) to authenticated;

-- The vacancies that have applications, with how many and how many are new, for the staff
-- list's filter. Security invoker: row-level security decides what is counted, so anyone but
-- staff at aal2 gets nothing.
create function public.application_vacancies()
returns table (vacancy_slug text, vacancy_title text, total bigint, new_count bigint)
language sql
stable
set search_path = ''
as $$
  select
    a.vacancy_slug,
    (array_agg(a.vacancy_title order by a.created_at desc))[1],
    count(*),
    count(*) filter (where a.status = 'new')
  from public.applications a
  group by a.vacancy_slug
  order by max(a.created_at) desc
$$;

revoke execute on function public.application_vacancies() from public, anon;
grant execute on function public.application_vacancies() to authenticated;

-- The e-mail addresses behind the ids on an application's page (who changed the status, who
-- wrote a note), for staff only. Only accounts that appear in that history are answered, so it
-- cannot be used to look up other users. Security definer, because the API roles cannot read
-- auth.users.
create function public.application_actor_emails(user_ids uuid[])
returns table (id uuid, email text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'only staff signed in with their second factor may see who handled applications'
      using errcode = '42501';
  end if;
  return query
    select u.id, u.email::text
    from auth.users u
    where u.id = any(application_actor_emails.user_ids)
      and (
        exists (select 1 from public.applications a where a.status_changed_by = u.id)
        or exists (select 1 from public.application_notes n where n.author_id = u.id)
      );
end;
$$;

revoke execute on function public.application_actor_emails(uuid[]) from public, anon;
grant execute on function public.application_actor_emails(uuid[]) to authenticated;

-- Retention (the privacy statement's promise): without the talent-pool consent an application
-- goes four weeks after its procedure ended; with it, a year after it arrived. Applications the
-- server has started to delete (withdrawn, or a purge that failed halfway) come along until
-- they are gone. The ids only: the server removes the files through the Storage API first
-- (hosted Supabase refuses SQL deletes from storage.objects) and then the rows.
create function public.applications_past_retention()
returns setof uuid
language sql
stable
set search_path = ''
as $$
  select a.id
  from public.applications a
  where a.deletion_requested_at is not null
     or (not a.talent_pool and a.procedure_ended_at <= now() - interval '4 weeks')
     or (a.talent_pool and a.created_at <= now() - interval '1 year')
  order by a.created_at, a.id
$$;

revoke execute on function public.applications_past_retention() from public, anon, authenticated;
grant execute on function public.applications_past_retention() to service_role;

-- Every Storage object that belongs to these applications: the ones their file rows name, and
-- any other object in their folders (an upload whose row was never written), each with whether
-- Storage still holds it. The server removes what is stored, then asks again to be sure.
create function public.application_objects(application_ids uuid[])
returns table (application_id uuid, name text, stored boolean)
language sql
stable
set search_path = ''
as $$
  with wanted as (
    select f.application_id, f.object_path as name
    from public.application_files f
    where f.application_id = any(application_objects.application_ids)
    union
    select split_part(o.name, '/', 1)::uuid, o.name
    from storage.objects o
    where o.bucket_id = 'applications'
      and split_part(o.name, '/', 1) in (select x::text from unnest(application_objects.application_ids) x)
  )
  select w.application_id, w.name, exists (
    select 1 from storage.objects o where o.bucket_id = 'applications' and o.name = w.name
  )
  from wanted w
  order by w.application_id, w.name
$$;

revoke execute on function public.application_objects(uuid[]) from public, anon, authenticated;
grant execute on function public.application_objects(uuid[]) to service_role;

-- Objects in the bucket that no file row names and that are older than min_age (a day unless
-- a test says otherwise): uploads whose application was never stored, or whose row went
-- without them. Nobody can reach them through the site, so they would outlive every retention
-- period; the purge removes them. The age leaves time for an upload whose row is being written.
create function public.application_objects_untracked(min_age interval default interval '1 day')
returns setof text
language sql
stable
set search_path = ''
as $$
  select o.name
  from storage.objects o
  where o.bucket_id = 'applications'
    and o.created_at <= now() - application_objects_untracked.min_age
    and not exists (select 1 from public.application_files f where f.object_path = o.name)
  order by o.created_at, o.name
$$;

revoke execute on function public.application_objects_untracked(interval) from public, anon, authenticated;
grant execute on function public.application_objects_untracked(interval) to service_role;

-- The private bucket for the files: PDF and Word (.docx) only, at most 10 MiB each, never public.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'applications',
  'applications',
  false,
  10485760,
  array['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document']
)
on conflict (id) do update
  set public = false,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- Staff at aal2 may read the files, which is what a download and a signed URL need. No insert,
-- update or delete policy: uploads and removals happen with the service role only, and nobody
-- else gets anything from this bucket.
create policy "Staff can read application files in Storage."
  on storage.objects for select
  to authenticated
  using (bucket_id = 'applications' and (select public.is_staff()));
