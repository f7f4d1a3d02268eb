-- An application the server has started to delete (the applicant withdrew, or its retention
-- period passed) was hidden from staff, but its files' rows, its notes and its Storage objects
-- were still within reach of anyone who knew their ids, e.g. from a page opened before. Staff
-- now see an application's files, notes and objects only while the application itself is live,
-- and an object only when a file row names it: an upload whose row was never written is
-- nobody's to read, and goes with the purge.

drop policy "Staff can read application files." on public.application_files;
create policy "Staff can read the files of live applications."
  on public.application_files for select
  to authenticated
  using (
    (select public.is_staff())
    and exists (
      select 1 from public.applications a
      where a.id = application_files.application_id and a.deletion_requested_at is null
    )
  );

drop policy "Staff can read notes." on public.application_notes;
create policy "Staff can read the notes of live applications."
  on public.application_notes for select
  to authenticated
  using (
    (select public.is_staff())
    and exists (
      select 1 from public.applications a
      where a.id = application_notes.application_id and a.deletion_requested_at is null
    )
  );

drop policy "Staff can add notes in their own name." on public.application_notes;
create policy "Staff can add notes to live applications in their own name."
  on public.application_notes for insert
  to authenticated
  with check (
    (select public.is_staff())
    and author_id = (select auth.uid())
    and exists (
      select 1 from public.applications a
      where a.id = application_notes.application_id and a.deletion_requested_at is null
    )
  );

drop policy "Staff can read application files in Storage." on storage.objects;
create policy "Staff can read the stored files of live applications."
  on storage.objects for select
  to authenticated
  using (
    bucket_id = 'applications'
    and (select public.is_staff())
    and exists (
      select 1
      from public.application_files f
      join public.applications a on a.id = f.application_id
      where f.object_path = objects.name and a.deletion_requested_at is null
    )
  );
