-- The content audit trail and the revision stamps are written by the database, never taken from
-- the client they record (security review 3, L2). Until now content staff inserted audit rows and
-- revisions themselves, with any action, kind, author or date, and pointed a working copy at any
-- revision of its language: a colleague's private version went live with no audit row.
--
-- Now an editor's session writes only what an editor types: a new entry's collection and slug, a
-- slug change, and a working copy's fields and text. Everything else goes through the functions
-- below, which check the role, write the revision and its audit row in the same transaction, and
-- stamp who and when themselves. Errors carry the SQLSTATEs content_publish() uses:
--   BW404  the entry or working copy does not exist, or this session may not see it;
--   BW409  the working copy is at another version than the one named;
--   BW400  an argument that cannot be right (a schedule in the past).

-- What the client may write, column by column.
revoke insert, update on public.content_entries from authenticated;
grant insert (collection, slug) on public.content_entries to authenticated;
grant update (slug) on public.content_entries to authenticated;
alter table public.content_entries alter column created_by set default auth.uid();

revoke insert, update on public.content_documents from authenticated;
grant insert (entry_id, locale, front_matter, body) on public.content_documents to authenticated;
grant update (front_matter, body) on public.content_documents to authenticated;

revoke insert on public.content_revisions, public.content_audit from authenticated;
drop policy "Content staff can add revisions in their own name." on public.content_revisions;
drop policy "Content staff can add to the audit trail in their own name." on public.content_audit;

-- The building blocks live in a schema the API does not serve: nobody calls them but the functions
-- below. Those run as their owner, past RLS, so each checks the role itself first.
create schema if not exists private;
revoke all on schema private from public, anon, authenticated;

create function private.content_require_editor() returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.has_staff_role('content') then
    raise exception 'content staff only' using errcode = '42501';
  end if;
end
$$;

-- The working copy an editor names, locked for the rest of the transaction, at the version they saw.
create function private.content_document_at(wanted_entry uuid, wanted_locale text, wanted_version integer)
returns public.content_documents
language plpgsql
security definer
set search_path = ''
as $$
declare
  current_document public.content_documents;
begin
  select * into current_document from public.content_documents d
  where d.entry_id = wanted_entry and d.locale = wanted_locale
  for update;
  if not found then
    raise exception 'no working copy in %', wanted_locale using errcode = 'BW404';
  end if;
  if wanted_version is not null and current_document.version is distinct from wanted_version then
    raise exception 'the working copy in % has changed', wanted_locale using errcode = 'BW409', detail = wanted_locale;
  end if;
  return current_document;
end
$$;

-- A snapshot of a working copy as it is now, in the session's name, at the database's time.
create function private.content_add_revision(wanted_entry uuid, wanted_locale text, revision_kind text)
returns uuid
language sql
security definer
set search_path = ''
as $$
  insert into public.content_revisions (entry_id, locale, slug, front_matter, body, document_version, kind, created_by)
  select d.entry_id, d.locale, e.slug, d.front_matter, d.body, d.version, revision_kind, auth.uid()
  from public.content_documents d
  join public.content_entries e on e.id = d.entry_id
  where d.entry_id = wanted_entry and d.locale = wanted_locale
  returning id
$$;

create function private.content_record(wanted_entry uuid, wanted_locale text, wanted_action text, wanted_detail jsonb)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.content_audit (entry_id, locale, action, detail, actor_id)
  values (wanted_entry, wanted_locale, wanted_action, wanted_detail, auth.uid())
$$;

-- Publishing, as before, now past RLS with the role checked first: revisions and audit rows can
-- no longer be inserted by the session itself.
create or replace function public.content_publish(wanted_entry uuid, wanted_documents jsonb)
returns table (published_locale text, revision_id uuid)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  wanted record;
  current_document public.content_documents;
  new_revision uuid;
begin
  perform private.content_require_editor();
  if jsonb_typeof(wanted_documents) is distinct from 'array'
    or jsonb_array_length(wanted_documents) = 0
    or (select count(distinct w ->> 'locale') from jsonb_array_elements(wanted_documents) w) <> jsonb_array_length(wanted_documents)
  then
    raise exception 'name each language to publish once' using errcode = 'BW400';
  end if;
  if not exists (select 1 from public.content_entries e where e.id = wanted_entry) then
    raise exception 'no such entry' using errcode = 'BW404';
  end if;

  for wanted in select * from jsonb_to_recordset(wanted_documents) as w (locale text, version integer) loop
    if wanted.version is null then
      raise exception 'name the version to publish in %', wanted.locale using errcode = 'BW400';
    end if;
    current_document := private.content_document_at(wanted_entry, wanted.locale, wanted.version);
    new_revision := private.content_add_revision(wanted_entry, wanted.locale, 'publish');
    update public.content_documents d
    set live_revision_id = new_revision, live_version = current_document.version, scheduled_revision_id = null, scheduled_for = null
    where d.entry_id = wanted_entry and d.locale = wanted.locale;
    perform private.content_record(wanted_entry, wanted.locale, 'publish',
      jsonb_build_object('version', current_document.version, 'revisionId', new_revision));

    published_locale := wanted.locale;
    revision_id := new_revision;
    return next;
  end loop;
end;
$$;

-- Keeps the version the editor saw in the history, without publishing it.
create function public.content_keep_version(wanted_entry uuid, wanted_locale text, wanted_version integer)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  current_document public.content_documents;
  new_revision uuid;
begin
  perform private.content_require_editor();
  current_document := private.content_document_at(wanted_entry, wanted_locale, wanted_version);
  new_revision := private.content_add_revision(wanted_entry, wanted_locale, 'version');
  perform private.content_record(wanted_entry, wanted_locale, 'version',
    jsonb_build_object('version', current_document.version, 'revisionId', new_revision));
  return new_revision;
end
$$;

-- Schedules the version the editor saw to go live at a time to come; what is live stays until then.
create function public.content_schedule(wanted_entry uuid, wanted_locale text, wanted_version integer, wanted_at timestamptz)
returns timestamptz
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  current_document public.content_documents;
  new_revision uuid;
begin
  perform private.content_require_editor();
  if wanted_at is null or wanted_at <= now() then
    raise exception 'a schedule is for a time to come' using errcode = 'BW400';
  end if;
  current_document := private.content_document_at(wanted_entry, wanted_locale, wanted_version);
  new_revision := private.content_add_revision(wanted_entry, wanted_locale, 'schedule');
  update public.content_documents d
  set scheduled_revision_id = new_revision, scheduled_for = wanted_at
  where d.entry_id = wanted_entry and d.locale = wanted_locale;
  perform private.content_record(wanted_entry, wanted_locale, 'schedule',
    jsonb_build_object('version', current_document.version, 'revisionId', new_revision, 'at', wanted_at));
  return wanted_at;
end
$$;

-- Takes a language off the site: nothing live, nothing scheduled. The working copy stays.
create function public.content_unpublish(wanted_entry uuid, wanted_locale text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform private.content_require_editor();
  perform private.content_document_at(wanted_entry, wanted_locale, null);
  update public.content_documents d
  set live_revision_id = null, live_version = null, scheduled_revision_id = null, scheduled_for = null
  where d.entry_id = wanted_entry and d.locale = wanted_locale;
  perform private.content_record(wanted_entry, wanted_locale, 'unpublish', '{}'::jsonb);
end
$$;

-- Brings one of the language's own revisions back into the working copy (its fields and text, not
-- its slug), from the version the editor saw, recorded as a restore revision. Returns the new version.
create function public.content_restore(wanted_entry uuid, wanted_locale text, wanted_revision uuid, wanted_version integer)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  source public.content_revisions;
  restored public.content_documents;
  new_revision uuid;
begin
  perform private.content_require_editor();
  select * into source from public.content_revisions r
  where r.id = wanted_revision and r.entry_id = wanted_entry and r.locale = wanted_locale;
  if not found then
    raise exception 'no such revision' using errcode = 'BW404';
  end if;
  perform private.content_document_at(wanted_entry, wanted_locale, wanted_version);
  update public.content_documents d
  set front_matter = source.front_matter, body = source.body
  where d.entry_id = wanted_entry and d.locale = wanted_locale
  returning * into restored;
  new_revision := private.content_add_revision(wanted_entry, wanted_locale, 'restore');
  perform private.content_record(wanted_entry, wanted_locale, 'restore',
    jsonb_build_object('from', wanted_revision, 'version', restored.version, 'revisionId', new_revision));
  return restored.version;
end
$$;

-- A new entry and a slug change are written by the editor's session (RLS applies); the trail of
-- both is written here, after the fact, in the session's name.
create function private.content_entries_audit() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.content_record(new.id, null, 'create', jsonb_build_object('collection', new.collection, 'slug', new.slug));
  elsif tg_op = 'UPDATE' and new.slug <> old.slug then
    perform private.content_record(new.id, null, 'slug', jsonb_build_object('from', old.slug, 'to', new.slug));
  elsif tg_op = 'DELETE' then
    -- The entry is gone, so the row names it by its id and slug in the detail.
    perform private.content_record(null, null, 'delete',
      jsonb_build_object('entryId', old.id, 'collection', old.collection, 'slug', old.slug));
  end if;
  return null;
end
$$;

create trigger content_entries_audit
  after insert or update of slug or delete on public.content_entries
  for each row execute function private.content_entries_audit();

revoke execute on all functions in schema private from public, anon, authenticated;
revoke execute on function public.content_publish(uuid, jsonb), public.content_keep_version(uuid, text, integer),
  public.content_schedule(uuid, text, integer, timestamptz), public.content_unpublish(uuid, text),
  public.content_restore(uuid, text, uuid, integer) from public, anon;
grant execute on function public.content_publish(uuid, jsonb), public.content_keep_version(uuid, text, integer),
  public.content_schedule(uuid, text, integer, timestamptz), public.content_unpublish(uuid, text),
  public.content_restore(uuid, text, uuid, integer) to authenticated;
