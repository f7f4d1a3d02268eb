-- The home and about pages are documents of the content editor (issue 37 §2): a fourth collection,
-- `pages`, whose entries are the site's pages by fixed slugs, each language a document edited,
-- previewed, published and restored like a post, with its history and audit trail. Layout, the
-- order of the sections and links stay in code (docs/decisions/0026-pages-as-documents.md).
--
-- Unlike the other collections, editors cannot add, rename, delete or take a page offline: the
-- import makes both pages, and the site always has them. Each page's front matter has a schema of
-- its own, stored under 'pages/<slug>'. Search, the sitemap and the feeds leave the collection out:
-- the pages are reached as / and /about-us.

alter table public.content_entries drop constraint content_entries_collection_check;
alter table public.content_entries
  add constraint content_entries_collection_check check (collection in ('blog', 'vacancies', 'cases', 'pages'));
-- The pages collection holds the site's pages alone, by their fixed slugs.
alter table public.content_entries
  add constraint content_entries_pages_are_the_site_s check (collection <> 'pages' or slug in ('home', 'about'));

-- Only the service role (the import) adds or removes a page, and nobody renames one: a session's
-- insert, slug change or delete of a page is refused, whatever its role (read from its token).
create function private.content_pages_are_fixed() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce((select auth.jwt()) ->> 'role', '') = 'service_role' then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  if tg_op = 'INSERT' and new.collection = 'pages' then
    raise exception 'the site''s pages are made by the import' using errcode = '42501';
  elsif tg_op = 'UPDATE' and old.collection = 'pages' and new.slug is distinct from old.slug then
    raise exception 'a page of the site keeps its slug' using errcode = '42501';
  elsif tg_op = 'DELETE' and old.collection = 'pages' then
    raise exception 'a page of the site cannot be deleted' using errcode = '42501';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end
$$;

create trigger content_pages_are_fixed
  before insert or update of slug or delete on public.content_entries
  for each row execute function private.content_pages_are_fixed();

-- A page is always on the site: taking one of its languages offline is refused (BW400, as an
-- argument that cannot be right); otherwise as in 20261202100000_content_trail_by_the_database.sql.
create or replace function public.content_unpublish(wanted_entry uuid, wanted_locale text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform private.content_require_editor();
  if exists (select 1 from public.content_entries e where e.id = wanted_entry and e.collection = 'pages') then
    raise exception 'a page of the site cannot be taken offline' using errcode = 'BW400';
  end if;
  perform private.content_document_at(wanted_entry, wanted_locale, null);
  update public.content_documents d
  set live_revision_id = null, live_version = null, scheduled_revision_id = null, scheduled_for = null
  where d.entry_id = wanted_entry and d.locale = wanted_locale;
  perform private.content_record(wanted_entry, wanted_locale, 'unpublish', '{}'::jsonb);
end
$$;

-- The schema a document is checked against: its collection's, or for a page that page's own.
create function private.content_schema_key(wanted_collection text, wanted_slug text) returns text
language sql
immutable
set search_path = ''
as $$
  select case when wanted_collection = 'pages' then 'pages/' || wanted_slug else wanted_collection end
$$;

-- As in 20261202160000_front_matter_checked_once.sql, by the schema key.
create or replace function private.content_revisions_pass_the_schema() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  select private.content_front_matter_problem(private.content_schema_key(e.collection, e.slug), new.front_matter)
  into new.front_matter_problem
  from public.content_entries e where e.id = new.entry_id;
  if tg_op = 'INSERT' and new.kind in ('publish', 'schedule', 'import') and new.front_matter_problem is not null then
    raise exception 'the front matter does not pass its schema' using errcode = 'BW422', detail = new.front_matter_problem;
  end if;
  return new;
end
$$;

create or replace function private.content_recheck_front_matter() returns void
language sql
security definer
set search_path = ''
as $$
  update public.content_revisions r
  set front_matter_problem = private.content_front_matter_problem(private.content_schema_key(e.collection, e.slug), r.front_matter)
  from public.content_entries e
  where e.id = r.entry_id
$$;

revoke execute on function private.content_pages_are_fixed(), private.content_schema_key(text, text),
  private.content_revisions_pass_the_schema(), private.content_recheck_front_matter() from public, anon, authenticated;

-- Generated from the zod schemas: supabase/tests/support/front-matter-json-schema.ts.
insert into private.content_front_matter_schemas (collection, schema) values
  ('pages/home', '{"type":"object","properties":{"title":{"type":"string","minLength":5,"maxLength":120},"description":{"type":"string","minLength":40,"maxLength":220},"hero":{"type":"object","properties":{"eyebrow":{"type":"string","minLength":2,"maxLength":60},"title":{"type":"string","minLength":5,"maxLength":120},"intro":{"type":"string","minLength":20,"maxLength":600},"cta":{"type":"string","minLength":2,"maxLength":60},"secondary":{"type":"string","minLength":2,"maxLength":60},"highlights":{"minItems":1,"maxItems":4,"type":"array","items":{"type":"string","minLength":2,"maxLength":60}}},"required":["eyebrow","title","intro","cta","secondary","highlights"],"additionalProperties":false},"services":{"type":"object","properties":{"eyebrow":{"type":"string","minLength":2,"maxLength":60},"title":{"type":"string","minLength":5,"maxLength":120},"intro":{"type":"string","minLength":20,"maxLength":600},"texts":{"type":"object","properties":{"custom":{"type":"string","minLength":20,"maxLength":600},"apps":{"type":"string","minLength":20,"maxLength":600},"cloud":{"type":"string","minLength":20,"maxLength":600},"ai":{"type":"string","minLength":20,"maxLength":600}},"required":["custom","apps","cloud","ai"],"additionalProperties":false}},"required":["eyebrow","title","intro","texts"],"additionalProperties":false},"cases":{"type":"object","properties":{"eyebrow":{"type":"string","minLength":2,"maxLength":60},"title":{"type":"string","minLength":5,"maxLength":120},"intro":{"type":"string","minLength":10,"maxLength":300},"shown":{"default":[],"maxItems":3,"type":"array","items":{"type":"string","pattern":"^[a-z0-9]+(-[a-z0-9]+)*$"}}},"required":["eyebrow","title","intro"],"additionalProperties":false},"closing":{"type":"object","properties":{"title":{"type":"string","minLength":5,"maxLength":120},"text":{"type":"string","minLength":20,"maxLength":600},"cta":{"type":"string","minLength":2,"maxLength":60}},"required":["title","text","cta"],"additionalProperties":false}},"required":["title","description","hero","services","cases","closing"],"additionalProperties":false}'),
  ('pages/about', '{"type":"object","properties":{"title":{"type":"string","minLength":5,"maxLength":120},"description":{"type":"string","minLength":40,"maxLength":220},"intro":{"type":"object","properties":{"title":{"type":"string","minLength":5,"maxLength":120},"text":{"type":"string","minLength":20,"maxLength":600}},"required":["title","text"],"additionalProperties":false},"story":{"type":"object","properties":{"eyebrow":{"type":"string","minLength":2,"maxLength":60},"title":{"type":"string","minLength":5,"maxLength":120},"paragraphs":{"minItems":1,"maxItems":6,"type":"array","items":{"type":"string","minLength":20,"maxLength":600}}},"required":["eyebrow","title","paragraphs"],"additionalProperties":false},"approach":{"type":"object","properties":{"eyebrow":{"type":"string","minLength":2,"maxLength":60},"title":{"type":"string","minLength":5,"maxLength":120},"items":{"minItems":4,"maxItems":4,"type":"array","items":{"type":"object","properties":{"title":{"type":"string","minLength":2,"maxLength":80},"text":{"type":"string","minLength":20,"maxLength":600}},"required":["title","text"],"additionalProperties":false}}},"required":["eyebrow","title","items"],"additionalProperties":false},"team":{"type":"object","properties":{"eyebrow":{"type":"string","minLength":2,"maxLength":60},"title":{"type":"string","minLength":5,"maxLength":120},"intro":{"type":"string","minLength":20,"maxLength":600},"members":{"minItems":1,"maxItems":12,"type":"array","items":{"type":"object","properties":{"name":{"type":"string","minLength":2,"maxLength":80},"role":{"type":"string","minLength":2,"maxLength":80},"photo":{"type":"string","pattern":"^[0-9a-f]{64}$"}},"required":["name","role"],"additionalProperties":false}}},"required":["eyebrow","title","intro","members"],"additionalProperties":false}},"required":["title","description","intro","story","approach","team"],"additionalProperties":false}')
on conflict (collection) do update set schema = excluded.schema;
select private.content_recheck_front_matter();
