-- The bucket API that storage-js's tests use for their set-up (createBucket, emptyBucket,
-- deleteBucket) is outside the embedded backend's contract: buckets come from migrations. The
-- runner loads this file as a migration of the storage suite's own database (never the
-- project's), and its stand-in client (storage-client.ts) calls these functions over REST.
-- Service role only, as the bucket API's writes are in practice.

create function public.official_suites_create_bucket(bucket_id text, is_public boolean, size_limit bigint, mime_types text[])
returns void language sql security definer set search_path = '' as $$
  insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
  values (bucket_id, bucket_id, is_public, size_limit, mime_types);
$$;

-- Rows only: the files stay in the suite's temporary data folder, which the runner removes.
create function public.official_suites_empty_bucket(bucket_id text)
returns void language plpgsql security definer set search_path = '' as $$
begin
  -- storage.protect_delete() lets only the Storage API delete rows; this stands in for it.
  perform set_config('storage.allow_delete_query', 'true', true);
  delete from storage.objects o where o.bucket_id = official_suites_empty_bucket.bucket_id;
end;
$$;

-- Refused while the bucket holds objects, as Storage refuses it (ResourceNotEmpty).
create function public.official_suites_delete_bucket(bucket_id text)
returns void language plpgsql security definer set search_path = '' as $$
begin
  if exists (select 1 from storage.objects o where o.bucket_id = official_suites_delete_bucket.bucket_id) then
    raise exception 'The bucket you tried to delete is not empty';
  end if;
  perform set_config('storage.allow_delete_query', 'true', true);
  delete from storage.buckets b where b.id = official_suites_delete_bucket.bucket_id;
end;
$$;

revoke execute on function public.official_suites_create_bucket, public.official_suites_empty_bucket,
  public.official_suites_delete_bucket from public, anon, authenticated;
grant execute on function public.official_suites_create_bucket, public.official_suites_empty_bucket,
  public.official_suites_delete_bucket to service_role;
