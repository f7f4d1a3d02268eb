-- The site's vacancies and blog posts, edited by staff with the content role instead of committed
-- as files. One entry per vacancy or post; under it one document per language, so each language
-- has its own status (an English post can be live while its Dutch version is still a draft).
--
-- A document is the working copy that autosave writes. What visitors see is a revision: an
-- append-only snapshot made when a document is published, scheduled, restored or deliberately
-- saved as a version. Revisions and the audit trail can be neither changed nor deleted, except by
-- the service role.
--
-- Editors write with their own session (RLS applies and auth.uid() is recorded); visitors read only
-- what is published and due, through the security-definer functions at the end, never the tables.

create table public.content_entries (
  id uuid primary key default gen_random_uuid(),
  collection text not null check (collection in ('blog', 'vacancies')),
  -- NL and EN share the slug, so hreflang, the sitemap and the language switch keep working.
  slug text not null check (char_length(slug) between 1 and 100 and slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  -- Set at the first publish of either language. Until then the slug is free to change; after it,
  -- a change records a redirect from the old slug.
  first_published_at timestamptz,
  created_at timestamptz not null default now(),
  created_by uuid references auth.users (id) on delete set null,
  unique (collection, slug)
);

create table public.content_revisions (
  id uuid primary key default gen_random_uuid(),
  entry_id uuid not null references public.content_entries (id) on delete cascade,
  locale text not null check (locale in ('nl', 'en')),
  -- The slug when the revision was made: a restored revision brings its fields, not its URL.
  slug text not null,
  front_matter jsonb not null check (jsonb_typeof(front_matter) = 'object'),
  body text not null check (char_length(body) <= 200000),
  -- The working copy's version this revision is a snapshot of.
  document_version integer not null check (document_version >= 1),
  kind text not null check (kind in ('publish', 'schedule', 'restore', 'version', 'import')),
  created_at timestamptz not null default now(),
  created_by uuid references auth.users (id) on delete set null
);
create index content_revisions_entry_idx on public.content_revisions (entry_id, locale, created_at desc);

create table public.content_documents (
  entry_id uuid not null references public.content_entries (id) on delete cascade,
  locale text not null check (locale in ('nl', 'en')),
  front_matter jsonb not null check (jsonb_typeof(front_matter) = 'object'),
  body text not null default '' check (char_length(body) <= 200000),
  -- Bumped by the database on every change of the working copy. Every write names the version it
  -- started from; a write from an older version matches no row and is reported as a conflict.
  version integer not null default 1 check (version >= 1),
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null,
  -- What visitors see now (null: never published, or unpublished).
  live_revision_id uuid references public.content_revisions (id),
  -- The working-copy version that the live revision was made from, to tell "published" from
  -- "published with unpublished changes".
  live_version integer,
  -- A revision that replaces the live one at scheduled_for. Visibility is decided when a page is
  -- rendered, so it goes live on time even when no job runs; the tick makes it exact.
  scheduled_revision_id uuid references public.content_revisions (id),
  scheduled_for timestamptz,
  primary key (entry_id, locale),
  check ((scheduled_revision_id is null) = (scheduled_for is null)),
  check ((live_revision_id is null) = (live_version is null))
);

-- Old slugs of published entries. A redirect points at the entry, never at another slug, so
-- chains and loops cannot form; the entry's current slug is where it leads.
create table public.content_redirects (
  collection text not null check (collection in ('blog', 'vacancies')),
  slug text not null check (char_length(slug) between 1 and 100 and slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  entry_id uuid not null references public.content_entries (id) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid references auth.users (id) on delete set null,
  primary key (collection, slug)
);
create index content_redirects_entry_idx on public.content_redirects (entry_id);

-- Who did what to which entry, in their own name.
create table public.content_audit (
  id bigint generated always as identity primary key,
  entry_id uuid references public.content_entries (id) on delete set null,
  locale text check (locale in ('nl', 'en')),
  action text not null check (
    action in ('create', 'save', 'version', 'publish', 'schedule', 'unpublish', 'restore', 'slug', 'delete', 'import')
  ),
  detail jsonb not null default '{}'::jsonb check (jsonb_typeof(detail) = 'object'),
  actor_id uuid references auth.users (id) on delete set null,
  at timestamptz not null default now()
);
create index content_audit_entry_idx on public.content_audit (entry_id, at desc);

-- Who has an entry open in the editor, refreshed by the editor while the page is open.
create table public.content_presence (
  entry_id uuid not null references public.content_entries (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  seen_at timestamptz not null default now(),
  primary key (entry_id, user_id)
);

-- A slug cannot be taken while it still redirects to another entry.
create function public.content_slug_is_free() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if exists (
    select 1 from public.content_redirects r
    where r.collection = new.collection and r.slug = new.slug and r.entry_id <> new.id
  ) then
    raise exception 'slug % still redirects to another entry', new.slug using errcode = '23505';
  end if;
  return new;
end
$$;

create trigger content_entries_slug_is_free
  before insert or update of slug, collection on public.content_entries
  for each row execute function public.content_slug_is_free();

-- The database, not the client, says who changed the working copy, when, and which version it
-- is. Only a change of the text counts as a new version: publishing or scheduling points at a
-- revision and leaves the version alone, so "published with unpublished changes" stays exact.
create function public.content_documents_stamp() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.version := 1;
    new.updated_at := now();
    new.updated_by := coalesce((select auth.uid()), new.updated_by);
  elsif new.front_matter is distinct from old.front_matter or new.body is distinct from old.body then
    new.version := old.version + 1;
    new.updated_at := now();
    new.updated_by := coalesce((select auth.uid()), new.updated_by);
  else
    new.version := old.version;
    new.updated_at := old.updated_at;
    new.updated_by := old.updated_by;
  end if;
  -- A document shows only its own revisions.
  if exists (
    select 1 from public.content_revisions r
    where r.id in (new.live_revision_id, new.scheduled_revision_id)
      and (r.entry_id <> new.entry_id or r.locale <> new.locale)
  ) then
    raise exception 'a document can only show a revision of its own entry and language' using errcode = '23514';
  end if;
  return new;
end
$$;

create trigger content_documents_stamp
  before insert or update on public.content_documents
  for each row execute function public.content_documents_stamp();

-- The first publish (or schedule) of either language fixes the slug: from then on a change leaves
-- a redirect behind.
create function public.content_documents_first_publish() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.live_revision_id is not null or new.scheduled_revision_id is not null then
    update public.content_entries
    set first_published_at = now()
    where id = new.entry_id and first_published_at is null;
  end if;
  return null;
end
$$;

create trigger content_documents_first_publish
  after insert or update of live_revision_id, scheduled_revision_id on public.content_documents
  for each row execute function public.content_documents_first_publish();

-- Once published, always published for the slug's sake: first_published_at is never cleared.
create function public.content_entries_keep_first_publish() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.first_published_at := coalesce(old.first_published_at, new.first_published_at);
  return new;
end
$$;

create trigger content_entries_keep_first_publish
  before update on public.content_entries
  for each row execute function public.content_entries_keep_first_publish();

-- A slug change of a published entry records the old slug as a redirect to the entry, and taking
-- an old slug back removes its redirect. In the editor's own name, so RLS applies.
create function public.content_entries_redirect_old_slug() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.first_published_at is not null and new.slug <> old.slug then
    insert into public.content_redirects (collection, slug, entry_id, created_by)
    values (new.collection, old.slug, new.id, (select auth.uid()))
    on conflict (collection, slug) do nothing;
  end if;
  delete from public.content_redirects r
  where r.collection = new.collection and r.slug = new.slug and r.entry_id = new.id;
  return null;
end
$$;

create trigger content_entries_redirect_old_slug
  after update of slug on public.content_entries
  for each row execute function public.content_entries_redirect_old_slug();

alter table public.content_entries enable row level security;
alter table public.content_documents enable row level security;
alter table public.content_revisions enable row level security;
alter table public.content_redirects enable row level security;
alter table public.content_audit enable row level security;
alter table public.content_presence enable row level security;

revoke all on public.content_entries, public.content_documents, public.content_revisions, public.content_redirects,
  public.content_audit, public.content_presence from anon, authenticated;
grant select, insert, update, delete on public.content_entries to authenticated;
grant select, insert, update on public.content_documents to authenticated;
-- Append-only: no update or delete grant, whatever a policy might say.
grant select, insert on public.content_revisions, public.content_audit to authenticated;
grant select, insert, delete on public.content_redirects to authenticated;
grant select, insert, update, delete on public.content_presence to authenticated;

-- Entries
create policy "Content staff can read entries."
  on public.content_entries for select to authenticated
  using ((select public.has_staff_role('content')));
create policy "Content staff can create entries in their own name."
  on public.content_entries for insert to authenticated
  with check ((select public.has_staff_role('content')) and created_by = (select auth.uid()));
create policy "Content staff can change entries."
  on public.content_entries for update to authenticated
  using ((select public.has_staff_role('content')))
  with check ((select public.has_staff_role('content')));
create policy "Content staff can delete entries that were never published."
  on public.content_entries for delete to authenticated
  using ((select public.has_staff_role('content')) and first_published_at is null);

-- Documents (working copies)
create policy "Content staff can read working copies."
  on public.content_documents for select to authenticated
  using ((select public.has_staff_role('content')));
create policy "Content staff can start working copies."
  on public.content_documents for insert to authenticated
  with check ((select public.has_staff_role('content')));
create policy "Content staff can change working copies."
  on public.content_documents for update to authenticated
  using ((select public.has_staff_role('content')))
  with check ((select public.has_staff_role('content')));

-- Revisions (append-only)
create policy "Content staff can read revisions."
  on public.content_revisions for select to authenticated
  using ((select public.has_staff_role('content')));
create policy "Content staff can add revisions in their own name."
  on public.content_revisions for insert to authenticated
  with check ((select public.has_staff_role('content')) and created_by = (select auth.uid()));

-- Redirects
create policy "Content staff can read redirects."
  on public.content_redirects for select to authenticated
  using ((select public.has_staff_role('content')));
create policy "Content staff can add redirects in their own name."
  on public.content_redirects for insert to authenticated
  with check ((select public.has_staff_role('content')) and created_by = (select auth.uid()));
create policy "Content staff can remove a redirect when its entry takes its slug back."
  on public.content_redirects for delete to authenticated
  using (
    (select public.has_staff_role('content'))
    and exists (
      select 1 from public.content_entries e
      where e.id = content_redirects.entry_id and e.collection = content_redirects.collection and e.slug = content_redirects.slug
    )
  );

-- Audit trail (append-only)
create policy "Content staff can read the audit trail."
  on public.content_audit for select to authenticated
  using ((select public.has_staff_role('content')));
create policy "Content staff can add to the audit trail in their own name."
  on public.content_audit for insert to authenticated
  with check ((select public.has_staff_role('content')) and actor_id = (select auth.uid()));

-- Presence
create policy "Content staff can see who has an entry open."
  on public.content_presence for select to authenticated
  using ((select public.has_staff_role('content')));
create policy "Content staff can say they have an entry open."
  on public.content_presence for insert to authenticated
  with check ((select public.has_staff_role('content')) and user_id = (select auth.uid()));
create policy "Content staff can refresh their own presence."
  on public.content_presence for update to authenticated
  using ((select public.has_staff_role('content')) and user_id = (select auth.uid()))
  with check ((select public.has_staff_role('content')) and user_id = (select auth.uid()));
create policy "Content staff can end their own presence."
  on public.content_presence for delete to authenticated
  using ((select public.has_staff_role('content')) and user_id = (select auth.uid()));

-- What visitors read: per document, the scheduled revision once it is due, otherwise the live one.
-- Nothing is returned for a document that has neither.
create function public.published_content(wanted_collection text)
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
$$;

-- Where an old slug leads now: the entry's current slug, when that entry has a published document.
create function public.content_redirect_target(wanted_collection text, old_slug text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select e.slug
  from public.content_redirects r
  join public.content_entries e on e.id = r.entry_id
  where r.collection = content_redirect_target.wanted_collection
    and r.slug = content_redirect_target.old_slug
    and exists (
      select 1 from public.content_documents d
      where d.entry_id = e.id
        and (d.live_revision_id is not null or (d.scheduled_revision_id is not null and d.scheduled_for <= now()))
    )
$$;

-- When the next scheduled revision goes live, so a cached page knows when to look again.
create function public.content_next_scheduled(wanted_collection text)
returns timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  select min(d.scheduled_for)
  from public.content_documents d
  join public.content_entries e on e.id = d.entry_id
  where e.collection = content_next_scheduled.wanted_collection and d.scheduled_for > now()
$$;

revoke execute on function public.published_content(text), public.content_redirect_target(text, text),
  public.content_next_scheduled(text) from public;
grant execute on function public.published_content(text), public.content_redirect_target(text, text),
  public.content_next_scheduled(text) to anon, authenticated, service_role;
revoke execute on function public.content_slug_is_free(), public.content_documents_stamp(), public.content_documents_first_publish(),
  public.content_entries_keep_first_publish(), public.content_entries_redirect_old_slug() from public, anon, authenticated;
