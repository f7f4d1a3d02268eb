-- The rest of the `storage` schema that the Storage API (supabase/storage) keeps in a hosted
-- project, on top of the tables platform.sql creates: the columns, triggers and functions of
-- supabase/storage's tenant migrations (migrations/tenant/*.sql, Apache-2.0) that the Storage
-- subset in src/storage/ relies on or that policies written for hosted Supabase may call.
-- Idempotent: it runs on every start, after the platform schema and before the project's
-- migrations, as Storage runs its own migrations when it boots.

alter table storage.buckets add column if not exists owner_id text;
alter table storage.objects add column if not exists owner_id text;
alter table storage.objects add column if not exists user_metadata jsonb;

do $$
begin
  if not exists (
    select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where n.nspname = 'storage' and t.typname = 'buckettype'
  ) then
    create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
  end if;
end $$;
alter table storage.buckets add column if not exists type storage.buckettype not null default 'STANDARD';

create index if not exists idx_objects_bucket_id_name on storage.objects (bucket_id, (name collate "C"));

-- 0011: updated_at follows every change of an object row.
create or replace function storage.update_updated_at_column() returns trigger language plpgsql as $$
begin
  new.updated_at = now();
  return new;
end;
$$;
drop trigger if exists update_objects_updated_at on storage.objects;
create trigger update_objects_updated_at before update on storage.objects
  for each row execute function storage.update_updated_at_column();

-- 0037
create or replace function storage.enforce_bucket_name_length() returns trigger language plpgsql as $$
begin
  if length(new.name) > 100 then
    raise exception 'bucket name "%" is too long (% characters). Max is 100.', new.name, length(new.name);
  end if;
  return new;
end;
$$;
drop trigger if exists enforce_bucket_name_length_trigger on storage.buckets;
create trigger enforce_bucket_name_length_trigger before insert or update of name on storage.buckets
  for each row execute function storage.enforce_bucket_name_length();

-- 0055: rows may only be deleted through the Storage API, which sets storage.allow_delete_query
-- in its transactions; a plain SQL delete would orphan the files.
create or replace function storage.protect_delete() returns trigger language plpgsql as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') != 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end;
$$;
drop trigger if exists protect_buckets_delete on storage.buckets;
create trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
drop trigger if exists protect_objects_delete on storage.objects;
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();

-- 0024 / 0058: the API operation of the current request, for operation-aware policies.
create or replace function storage.operation() returns text language plpgsql stable as $$
begin
  return current_setting('storage.operation', true);
end;
$$;

create or replace function storage.allow_only_operation(expected_operation text) returns boolean language sql stable as $$
  with current_operation as (
    select storage.operation() as raw_operation
  ),
  normalized as (
    select
      case when raw_operation like 'storage.%' then substr(raw_operation, 9) else raw_operation end as current_operation,
      case when expected_operation like 'storage.%' then substr(expected_operation, 9) else expected_operation end as requested_operation
    from current_operation
  )
  select case
    when requested_operation is null or requested_operation = '' then false
    else coalesce(current_operation = requested_operation, false)
  end
  from normalized;
$$;

create or replace function storage.allow_any_operation(expected_operations text[]) returns boolean language sql stable as $$
  with current_operation as (
    select storage.operation() as raw_operation
  ),
  normalized as (
    select case when raw_operation like 'storage.%' then substr(raw_operation, 9) else raw_operation end as current_operation
    from current_operation
  )
  select exists (
    select 1
    from normalized n
    cross join lateral unnest(expected_operations) as expected_operation
    where expected_operation is not null
      and expected_operation <> ''
      and n.current_operation = case when expected_operation like 'storage.%' then substr(expected_operation, 9) else expected_operation end
  );
$$;

-- 0060
create or replace function storage.get_size_by_bucket() returns table (size bigint, bucket_id text) language plpgsql stable as $$
begin
  return query
    select sum((metadata->>'size')::bigint)::bigint as size, obj.bucket_id
    from "storage".objects as obj
    group by obj.bucket_id;
end
$$;

-- 0050
create or replace function storage.get_common_prefix(p_key text, p_prefix text, p_delimiter text)
returns text immutable language sql as $$
select case
  when position(p_delimiter in substring(p_key from length(p_prefix) + 1)) > 0
  then left(p_key, length(p_prefix) + position(p_delimiter in substring(p_key from length(p_prefix) + 1)))
  else null
end;
$$;

-- 0063: the listing behind `POST /object/list/:bucket` (storage-js `list()`): one level of
-- "folders" and files under a prefix, security invoker so the caller's RLS applies.
create or replace function storage.search(
  prefix text,
  bucketname text,
  limits int default 100,
  levels int default 1,
  offsets int default 0,
  search text default '',
  sortcolumn text default 'name',
  sortorder text default 'asc'
)
returns table (name text, id uuid, updated_at timestamptz, created_at timestamptz, last_accessed_at timestamptz, metadata jsonb)
security invoker
language plpgsql stable
as $func$
declare
  v_peek_name text;
  v_current record;
  v_common_prefix text;
  v_delimiter constant text := '/';
  v_limit int;
  v_prefix text;
  v_prefix_lower text;
  v_prefix_len int;
  v_prefix_start int;
  v_combined_levels int;
  v_is_asc boolean;
  v_order_by text;
  v_sort_order text;
  v_upper_bound text;
  v_file_batch_size int;
  v_batch_query text;
  v_next_seek text;
  v_count int := 0;
  v_skipped int := 0;
begin
  v_limit := least(coalesce(limits, 100), 1500);
  v_prefix := coalesce(prefix, '') || coalesce(search, '');
  v_prefix_lower := lower(v_prefix);
  v_prefix_len := length(coalesce(prefix, ''));
  v_prefix_start := coalesce(array_length(string_to_array(coalesce(prefix, ''), v_delimiter), 1), 1);
  v_combined_levels := coalesce(array_length(string_to_array(v_prefix, v_delimiter), 1), 1);
  v_is_asc := lower(coalesce(sortorder, 'asc')) = 'asc';
  v_file_batch_size := least(greatest(v_limit * 2, 100), 1000);

  case lower(coalesce(sortcolumn, 'name'))
    when 'name' then v_order_by := 'name';
    when 'updated_at' then v_order_by := 'updated_at';
    when 'created_at' then v_order_by := 'created_at';
    when 'last_accessed_at' then v_order_by := 'last_accessed_at';
    else v_order_by := 'name';
  end case;

  v_sort_order := case when v_is_asc then 'asc' else 'desc' end;

  if v_order_by != 'name' then
    return query execute format(
      $sql$
      with folders as (
        select array_to_string(path_tokens[$1:$2], '/') as folder
        from storage.objects
        where objects.name ilike $3 || '%%'
          and bucket_id = $4
          and array_length(objects.path_tokens, 1) <> $2
        group by folder
        order by folder %s
      )
      (select folder as "name",
              null::uuid as id,
              null::timestamptz as updated_at,
              null::timestamptz as created_at,
              null::timestamptz as last_accessed_at,
              null::jsonb as metadata from folders)
      union all
      (select array_to_string(path_tokens[$1:$2], '/') as "name",
              id, updated_at, created_at, last_accessed_at, metadata
       from storage.objects
       where objects.name ilike $3 || '%%'
         and bucket_id = $4
         and array_length(objects.path_tokens, 1) = $2
       order by %I %s)
      limit $5 offset $6
      $sql$, v_sort_order, v_order_by, v_sort_order
    ) using v_prefix_start, v_combined_levels, v_prefix, bucketname, v_limit, offsets;
    return;
  end if;

  if v_prefix_lower = '' then
    v_upper_bound := null;
  elsif right(v_prefix_lower, 1) = v_delimiter then
    v_upper_bound := left(v_prefix_lower, -1) || chr(ascii(v_delimiter) + 1);
  else
    v_upper_bound := left(v_prefix_lower, -1) || chr(ascii(right(v_prefix_lower, 1)) + 1);
  end if;

  if v_is_asc then
    if v_upper_bound is not null then
      v_batch_query := 'select o.name, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata ' ||
        'from storage.objects o where o.bucket_id = $1 and lower(o.name) collate "C" >= $2 ' ||
        'and lower(o.name) collate "C" < $3 order by lower(o.name) collate "C" asc limit $4';
    else
      v_batch_query := 'select o.name, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata ' ||
        'from storage.objects o where o.bucket_id = $1 and lower(o.name) collate "C" >= $2 ' ||
        'order by lower(o.name) collate "C" asc limit $4';
    end if;
  else
    if v_upper_bound is not null then
      v_batch_query := 'select o.name, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata ' ||
        'from storage.objects o where o.bucket_id = $1 and lower(o.name) collate "C" < $2 ' ||
        'and lower(o.name) collate "C" >= $3 order by lower(o.name) collate "C" desc limit $4';
    else
      v_batch_query := 'select o.name, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata ' ||
        'from storage.objects o where o.bucket_id = $1 and lower(o.name) collate "C" < $2 ' ||
        'order by lower(o.name) collate "C" desc limit $4';
    end if;
  end if;

  if v_is_asc then
    v_next_seek := v_prefix_lower;
  else
    if v_upper_bound is not null then
      select o.name into v_peek_name from storage.objects o
      where o.bucket_id = bucketname and lower(o.name) collate "C" >= v_prefix_lower and lower(o.name) collate "C" < v_upper_bound
      order by lower(o.name) collate "C" desc limit 1;
    elsif v_prefix_lower <> '' then
      select o.name into v_peek_name from storage.objects o
      where o.bucket_id = bucketname and lower(o.name) collate "C" >= v_prefix_lower
      order by lower(o.name) collate "C" desc limit 1;
    else
      select o.name into v_peek_name from storage.objects o
      where o.bucket_id = bucketname
      order by lower(o.name) collate "C" desc limit 1;
    end if;

    if v_peek_name is not null then
      v_next_seek := lower(v_peek_name) || v_delimiter;
    else
      return;
    end if;
  end if;

  loop
    exit when v_count >= v_limit;

    if v_is_asc then
      if v_upper_bound is not null then
        select o.name into v_peek_name from storage.objects o
        where o.bucket_id = bucketname and lower(o.name) collate "C" >= v_next_seek and lower(o.name) collate "C" < v_upper_bound
        order by lower(o.name) collate "C" asc limit 1;
      else
        select o.name into v_peek_name from storage.objects o
        where o.bucket_id = bucketname and lower(o.name) collate "C" >= v_next_seek
        order by lower(o.name) collate "C" asc limit 1;
      end if;
    else
      if v_upper_bound is not null then
        select o.name into v_peek_name from storage.objects o
        where o.bucket_id = bucketname and lower(o.name) collate "C" < v_next_seek and lower(o.name) collate "C" >= v_prefix_lower
        order by lower(o.name) collate "C" desc limit 1;
      elsif v_prefix_lower <> '' then
        select o.name into v_peek_name from storage.objects o
        where o.bucket_id = bucketname and lower(o.name) collate "C" < v_next_seek and lower(o.name) collate "C" >= v_prefix_lower
        order by lower(o.name) collate "C" desc limit 1;
      else
        select o.name into v_peek_name from storage.objects o
        where o.bucket_id = bucketname and lower(o.name) collate "C" < v_next_seek
        order by lower(o.name) collate "C" desc limit 1;
      end if;
    end if;

    exit when v_peek_name is null;

    v_common_prefix := storage.get_common_prefix(lower(v_peek_name), v_prefix_lower, v_delimiter);

    if v_common_prefix is not null then
      if v_skipped < offsets then
        v_skipped := v_skipped + 1;
      else
        name := substring(rtrim(storage.get_common_prefix(v_peek_name, v_prefix, v_delimiter), v_delimiter) from v_prefix_len + 1);
        id := null;
        updated_at := null;
        created_at := null;
        last_accessed_at := null;
        metadata := null;
        return next;
        v_count := v_count + 1;
      end if;

      if v_is_asc then
        v_next_seek := lower(left(v_common_prefix, -1)) || chr(ascii(v_delimiter) + 1);
      else
        v_next_seek := lower(v_common_prefix);
      end if;
    else
      for v_current in execute v_batch_query
        using bucketname, v_next_seek,
          case when v_is_asc then coalesce(v_upper_bound, v_prefix_lower) else v_prefix_lower end, v_file_batch_size
      loop
        v_common_prefix := storage.get_common_prefix(lower(v_current.name), v_prefix_lower, v_delimiter);

        if v_common_prefix is not null then
          v_next_seek := lower(v_current.name);
          exit;
        end if;

        if v_skipped < offsets then
          v_skipped := v_skipped + 1;
        else
          name := substring(v_current.name from v_prefix_len + 1);
          id := v_current.id;
          updated_at := v_current.updated_at;
          created_at := v_current.created_at;
          last_accessed_at := v_current.last_accessed_at;
          metadata := v_current.metadata;
          return next;
          v_count := v_count + 1;
        end if;

        if v_is_asc then
          v_next_seek := lower(v_current.name) || v_delimiter;
        else
          v_next_seek := lower(v_current.name);
        end if;

        exit when v_count >= v_limit;
      end loop;
    end if;
  end loop;
end;
$func$;
