-- The public side of the content tables: the one-off import of the files in content/, the tick that
-- makes scheduled revisions live, and the cache state every instance of the site shares.

-- One document of content/<collection>/<slug>.<locale>.mdx, live from the date in its front matter.
-- Idempotent: a document that exists already is never touched, whether it still holds the imported
-- text ('unchanged') or staff have edited it since ('kept'), so the import can run again safely.
create function public.content_import(
  wanted_collection text,
  wanted_slug text,
  wanted_locale text,
  wanted_front_matter jsonb,
  wanted_body text,
  published_at timestamptz,
  revised_at timestamptz
)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  found_entry uuid;
  existing public.content_documents;
  live public.content_revisions;
  new_revision uuid;
begin
  select e.id into found_entry from public.content_entries e
  where e.collection = wanted_collection and e.slug = wanted_slug;
  if found_entry is null then
    insert into public.content_entries (collection, slug, first_published_at, created_at)
    values (wanted_collection, wanted_slug, published_at, published_at)
    returning id into found_entry;
  end if;

  select * into existing from public.content_documents d where d.entry_id = found_entry and d.locale = wanted_locale;
  if found then
    select * into live from public.content_revisions r where r.id = existing.live_revision_id;
    if existing.front_matter = wanted_front_matter and existing.body = wanted_body
      and live.front_matter = wanted_front_matter and live.body = wanted_body then
      return 'unchanged';
    end if;
    return 'kept';
  end if;

  -- An entry started in the editor and never published takes the file's date, not today's.
  update public.content_entries set first_published_at = published_at
  where id = found_entry and first_published_at is null;
  insert into public.content_documents (entry_id, locale, front_matter, body)
  values (found_entry, wanted_locale, wanted_front_matter, wanted_body);
  insert into public.content_revisions (entry_id, locale, slug, front_matter, body, document_version, kind, created_at)
  values (found_entry, wanted_locale, wanted_slug, wanted_front_matter, wanted_body, 1, 'import', revised_at)
  returning id into new_revision;
  update public.content_documents set live_revision_id = new_revision, live_version = 1
  where entry_id = found_entry and locale = wanted_locale;
  insert into public.content_audit (entry_id, locale, action, detail)
  values (found_entry, wanted_locale, 'import', jsonb_build_object('revision_id', new_revision));
  return 'imported';
end
$$;

revoke execute on function public.content_import(text, text, text, jsonb, text, timestamptz, timestamptz) from public, anon, authenticated;
grant execute on function public.content_import(text, text, text, jsonb, text, timestamptz, timestamptz) to service_role;

-- Scheduled revisions that are due become the live ones, each with an audit row. Visitors already
-- see a due revision (published_content() decides at read time); this makes the working copy's
-- status say so and frees the schedule for the next one. Returns the collections it changed.
create function public.content_promote_due()
returns table (collection text, promoted integer)
language plpgsql
security definer
set search_path = ''
as $$
begin
  return query
  with due as (
    update public.content_documents d
    set live_revision_id = d.scheduled_revision_id,
        live_version = r.document_version,
        scheduled_revision_id = null,
        scheduled_for = null
    from public.content_revisions r
    where r.id = d.scheduled_revision_id and d.scheduled_for <= now()
    returning d.entry_id, d.locale, r.id as revision_id
  ),
  audited as (
    insert into public.content_audit (entry_id, locale, action, detail)
    select due.entry_id, due.locale, 'publish', jsonb_build_object('revision_id', due.revision_id, 'by', 'schedule')
    from due
    returning entry_id
  )
  select e.collection, count(*)::integer
  from audited a join public.content_entries e on e.id = a.entry_id
  group by e.collection;
end
$$;

revoke execute on function public.content_promote_due() from public, anon, authenticated;
grant execute on function public.content_promote_due() to service_role;

-- When each collection's pages last changed, shared by every instance of the site: a cached page
-- built before that time is rebuilt on its next request, whichever instance answers it.
create table public.content_cache_tags (
  collection text primary key check (collection in ('blog', 'vacancies')),
  changed_at timestamptz not null
);
alter table public.content_cache_tags enable row level security;
-- No policies: written and read only through the two functions below.
revoke all on public.content_cache_tags from anon, authenticated;

-- Called after visitors' content changed, by content staff at aal2 (the editor) or the service
-- role (the tick).
create function public.content_mark_changed(wanted_collection text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce((select auth.jwt()) ->> 'role', '') <> 'service_role' and not (select public.has_staff_role('content')) then
    raise exception 'only content staff can mark content as changed' using errcode = '42501';
  end if;
  insert into public.content_cache_tags (collection, changed_at) values (wanted_collection, now())
  on conflict (collection) do update set changed_at = greatest(public.content_cache_tags.changed_at, excluded.changed_at);
end
$$;

revoke execute on function public.content_mark_changed(text) from public, anon;
grant execute on function public.content_mark_changed(text) to authenticated, service_role;

-- When each collection last changed for visitors: the last mark, or the moment a scheduled revision
-- became due, whichever is later. A schedule coming due counts as a change even when no tick ran,
-- so no cached page outlives content_next_scheduled().
create function public.content_changed_at()
returns table (collection text, changed_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select c.collection, greatest(t.changed_at, (
    select max(d.scheduled_for)
    from public.content_documents d
    join public.content_entries e on e.id = d.entry_id
    where e.collection = c.collection and d.scheduled_for <= now()
  ))
  from (values ('blog'), ('vacancies')) as c (collection)
  left join public.content_cache_tags t on t.collection = c.collection
$$;

revoke execute on function public.content_changed_at() from public;
grant execute on function public.content_changed_at() to anon, authenticated, service_role;
