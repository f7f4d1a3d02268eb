-- Buckets and policies the Storage contract tests (storage.test.ts) run against, written as a
-- project would write them for hosted Supabase.

-- docs: private, small limit, two types. Each signed-in user owns the folder named after their id.
-- locked: private, no policy at all, so only the service role may touch it.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('docs', 'docs', false, 1024, array['text/plain', 'application/pdf']),
  ('locked', 'locked', false, null, null),
  ('open', 'open', true, null, null);

create policy "Users read the files in their own folder of docs"
  on storage.objects for select to authenticated
  using (bucket_id = 'docs' and (storage.foldername(name))[1] = (select auth.uid()::text));

create policy "Users upload files into their own folder of docs"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'docs' and (storage.foldername(name))[1] = (select auth.uid()::text));

create policy "Users change the files in their own folder of docs"
  on storage.objects for update to authenticated
  using (bucket_id = 'docs' and (storage.foldername(name))[1] = (select auth.uid()::text))
  with check (bucket_id = 'docs' and (storage.foldername(name))[1] = (select auth.uid()::text));

create policy "Users delete the files in their own folder of docs"
  on storage.objects for delete to authenticated
  using (bucket_id = 'docs' and (storage.foldername(name))[1] = (select auth.uid()::text));

-- A clean-up written as plain SQL, to show that Storage rows cannot be deleted behind the API.
create function public.delete_storage_rows_directly() returns void
language sql security definer set search_path = '' as $$
  delete from storage.objects;
$$;
revoke execute on function public.delete_storage_rows_directly() from public, anon, authenticated;
