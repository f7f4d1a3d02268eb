-- Staff roles: access for those involved only, as the Dutch Data Protection Authority expects.
-- Until now every staff account read every application, CV, note and contact message.
--
-- A staff account (app_metadata.role = 'staff') holds roles in app_metadata.staff_roles, which
-- only the service role can write (`npm run users`):
-- - recruiting: applications, their files and notes;
-- - inbox: contact messages;
-- - content: editing the site's vacancies and posts;
-- - admin: managing staff and rights requests.
-- has_staff_role() is is_staff() (aal2, a live session, the staff mark read from auth.users,
-- not from the token) plus the role, read from auth.users too, so taking a role away works at
-- once. Every staff policy and function below asks for the role its data belongs to.

create function public.has_staff_role(wanted text) returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select public.is_staff()
    and exists (
      select 1
      from auth.users u
      where u.id = (select auth.uid())
        and jsonb_typeof(u.raw_app_meta_data -> 'staff_roles') = 'array'
        and (u.raw_app_meta_data -> 'staff_roles') ? wanted
    )
$$;

revoke execute on function public.has_staff_role(text) from public, anon;
grant execute on function public.has_staff_role(text) to authenticated, service_role;

-- Applications: the recruiting role.
drop policy "Staff can read applications." on public.applications;
create policy "Recruiting staff can read live applications."
  on public.applications for select
  to authenticated
  using ((select public.has_staff_role('recruiting')) and deletion_requested_at is null);

drop policy "Staff can read the files of live applications." on public.application_files;
create policy "Recruiting staff can read the files of live applications."
  on public.application_files for select
  to authenticated
  using (
    (select public.has_staff_role('recruiting'))
    and exists (
      select 1 from public.applications a
      where a.id = application_files.application_id and a.deletion_requested_at is null
    )
  );

drop policy "Staff can read the notes of live applications." on public.application_notes;
create policy "Recruiting staff can read the notes of live applications."
  on public.application_notes for select
  to authenticated
  using (
    (select public.has_staff_role('recruiting'))
    and exists (
      select 1 from public.applications a
      where a.id = application_notes.application_id and a.deletion_requested_at is null
    )
  );

drop policy "Staff can add notes to live applications in their own name." on public.application_notes;
create policy "Recruiting staff can add notes to live applications in their own name."
  on public.application_notes for insert
  to authenticated
  with check (
    (select public.has_staff_role('recruiting'))
    and author_id = (select auth.uid())
    and exists (
      select 1 from public.applications a
      where a.id = application_notes.application_id and a.deletion_requested_at is null
    )
  );

drop policy "Staff can read the stored files of live applications." on storage.objects;
create policy "Recruiting staff can read the stored files of live applications."
  on storage.objects for select
  to authenticated
  using (
    bucket_id = 'applications'
    and (select public.has_staff_role('recruiting'))
    and exists (
      select 1
      from public.application_files f
      join public.applications a on a.id = f.application_id
      where f.object_path = objects.name and a.deletion_requested_at is null
    )
  );

create or replace function public.set_application_status(application_id uuid, new_status public.application_status)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not public.has_staff_role('recruiting') then
    raise exception 'only recruiting staff signed in with their second factor may change an application''s status'
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

create or replace function public.application_actor_emails(user_ids uuid[])
returns table (id uuid, email text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.has_staff_role('recruiting') then
    raise exception 'only recruiting staff signed in with their second factor may see who handled applications'
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

-- Contact messages: the inbox role.
drop policy "Staff can read messages." on public.contact_messages;
create policy "Inbox staff can read messages."
  on public.contact_messages for select
  to authenticated
  using ((select public.has_staff_role('inbox')));

create or replace function public.mark_contact_message_handled(message_id uuid) returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not public.has_staff_role('inbox') then
    raise exception 'only inbox staff signed in with their second factor may handle messages'
      using errcode = '42501';
  end if;
  update public.contact_messages m
    set handled_at = now(), handled_by = auth.uid()
    where m.id = mark_contact_message_handled.message_id
      and m.handled_at is null;
  return found;
end;
$$;

-- Staff accounts made before roles existed keep what they could do, except managing staff:
-- an admin is named on purpose (`npm run users -- roles`).
update auth.users
  set raw_app_meta_data = raw_app_meta_data || '{"staff_roles": ["recruiting", "inbox"]}'::jsonb
  where raw_app_meta_data ->> 'role' = 'staff'
    and raw_app_meta_data -> 'staff_roles' is null;
