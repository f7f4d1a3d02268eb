-- A revision's front matter is checked against its collection's schema once, when it is written,
-- and the verdict is kept beside it, so published_content() (every page render, and search) reads
-- the verdict instead of running the validator over every row again: on the embedded backend that
-- made each call about ten times slower. The rule is the one of
-- 20261202130000_content_front_matter_checked.sql: what goes live passes, and visitors see only
-- what passes.

-- Null when the front matter passes; otherwise where it first breaks the schema.
alter table public.content_revisions add column front_matter_problem text;

-- Checked on every insert (a publish, schedule or import that fails is refused), and again when
-- the service role changes a revision's front matter.
create or replace function private.content_revisions_pass_the_schema() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  select private.content_front_matter_problem(e.collection, new.front_matter) into new.front_matter_problem
  from public.content_entries e where e.id = new.entry_id;
  if tg_op = 'INSERT' and new.kind in ('publish', 'schedule', 'import') and new.front_matter_problem is not null then
    raise exception 'the front matter does not pass its schema' using errcode = 'BW422', detail = new.front_matter_problem;
  end if;
  return new;
end
$$;

drop trigger content_revisions_pass_the_schema on public.content_revisions;
create trigger content_revisions_pass_the_schema
  before insert or update of front_matter on public.content_revisions
  for each row execute function private.content_revisions_pass_the_schema();

-- Every revision's verdict against the schemas stored now: run here, and by each migration that
-- changes a stored schema (the statement supabase/tests/front-matter-schemas.test.ts prints ends
-- with it).
create function private.content_recheck_front_matter() returns void
language sql
security definer
set search_path = ''
as $$
  update public.content_revisions r
  set front_matter_problem = private.content_front_matter_problem(e.collection, r.front_matter)
  from public.content_entries e
  where e.id = r.entry_id
$$;

revoke execute on function private.content_revisions_pass_the_schema(), private.content_recheck_front_matter()
  from public, anon, authenticated;

select private.content_recheck_front_matter();

-- What visitors read, as in 20261202130000_content_front_matter_checked.sql, by the stored verdict.
create or replace function public.published_content(wanted_collection text)
returns table (
  entry_id uuid,
  slug text,
  locale text,
  revision_id uuid,
  front_matter jsonb,
  body text,
  first_published_at timestamptz,
  published_at timestamptz
)
language sql
stable
security definer
set search_path = ''
as $$
  select e.id, e.slug, d.locale, r.id, r.front_matter, r.body, e.first_published_at, r.created_at
  from public.content_entries e
  join public.content_documents d on d.entry_id = e.id
  join public.content_revisions r on r.id = case
    when d.scheduled_revision_id is not null and d.scheduled_for <= now() then d.scheduled_revision_id
    else d.live_revision_id
  end
  where e.collection = published_content.wanted_collection
    and r.front_matter_problem is null
$$;
