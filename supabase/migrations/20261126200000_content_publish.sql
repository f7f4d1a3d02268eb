-- Publishing is one transaction, however many languages it covers: each named working copy at the
-- version the editor saw gets a publish revision, goes live, loses any schedule and is recorded in
-- the audit trail, or, when one of them has changed since (or is gone), none is. "Publish both"
-- can then never leave one language live and the other not.
--
-- Security invoker: it runs with the editor's own session, so the policies on revisions, working
-- copies and the audit trail apply (content staff at aal2) and every row names auth.uid().
-- Errors carry our own SQLSTATEs, which PostgREST passes on as the error's code:
--   BW404  the entry or a working copy does not exist, or this session may not see it;
--   BW409  a working copy is at another version than the one named (detail: its locale);
--   BW400  the request names no language, or one twice.
create function public.content_publish(wanted_entry uuid, wanted_documents jsonb)
returns table (published_locale text, revision_id uuid)
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  wanted record;
  entry_slug text;
  current_document public.content_documents;
  new_revision uuid;
begin
  if jsonb_typeof(wanted_documents) is distinct from 'array'
    or jsonb_array_length(wanted_documents) = 0
    or (select count(distinct w ->> 'locale') from jsonb_array_elements(wanted_documents) w) <> jsonb_array_length(wanted_documents)
  then
    raise exception 'name each language to publish once' using errcode = 'BW400';
  end if;

  select e.slug into entry_slug from public.content_entries e where e.id = wanted_entry;
  if not found then
    raise exception 'no such entry' using errcode = 'BW404';
  end if;

  for wanted in select * from jsonb_to_recordset(wanted_documents) as w (locale text, version integer) loop
    select * into current_document
    from public.content_documents d
    where d.entry_id = wanted_entry and d.locale = wanted.locale
    for update;
    if not found then
      raise exception 'no working copy in %', wanted.locale using errcode = 'BW404';
    end if;
    if current_document.version is distinct from wanted.version then
      raise exception 'the working copy in % has changed', wanted.locale using errcode = 'BW409', detail = wanted.locale;
    end if;

    insert into public.content_revisions (entry_id, locale, slug, front_matter, body, document_version, kind, created_by)
    values (wanted_entry, wanted.locale, entry_slug, current_document.front_matter, current_document.body,
      current_document.version, 'publish', auth.uid())
    returning id into new_revision;

    update public.content_documents d
    set live_revision_id = new_revision, live_version = current_document.version, scheduled_revision_id = null, scheduled_for = null
    where d.entry_id = wanted_entry and d.locale = wanted.locale;

    insert into public.content_audit (entry_id, locale, action, detail, actor_id)
    values (wanted_entry, wanted.locale, 'publish',
      jsonb_build_object('version', current_document.version, 'revisionId', new_revision), auth.uid());

    published_locale := wanted.locale;
    revision_id := new_revision;
    return next;
  end loop;
end;
$$;

revoke execute on function public.content_publish(uuid, jsonb) from public, anon;
grant execute on function public.content_publish(uuid, jsonb) to authenticated;
