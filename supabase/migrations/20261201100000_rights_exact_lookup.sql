-- Rights requests find a person's rows by their exact address, and exports are in the access log.
--
-- The lookup used PostgREST's `ilike`, in which `*` means "anything": an admin's request for
-- `*@*.*` exported, or erased, every application and contact message. These functions compare the
-- lower-cased address for equality, so no character of it is ever a pattern.

create function public.rights_subject_contact_messages(address text)
returns setof public.contact_messages
language sql
stable
security definer
set search_path = ''
as $$
  select m.* from public.contact_messages m
  where lower(m.email) = lower(rights_subject_contact_messages.address)
  order by m.created_at
$$;

revoke execute on function public.rights_subject_contact_messages(text) from public, anon, authenticated;
grant execute on function public.rights_subject_contact_messages(text) to service_role;

create function public.rights_subject_applications(address text)
returns setof public.applications
language sql
stable
security definer
set search_path = ''
as $$
  select a.* from public.applications a
  where lower(a.email) = lower(rights_subject_applications.address)
  order by a.created_at
$$;

revoke execute on function public.rights_subject_applications(text) from public, anon, authenticated;
grant execute on function public.rights_subject_applications(text) to service_role;

-- An export hands an admin the applications and their files: the access log says so, one entry an
-- application, in the admin's name, as it does when recruiting staff open one.
alter table public.application_access_log drop constraint application_access_log_action_check;
alter table public.application_access_log
  add constraint application_access_log_action_check check (action in ('open', 'download', 'export'));

create function public.log_rights_export(actor uuid, application_ids uuid[]) returns integer
language sql
volatile
security definer
set search_path = ''
as $$
  with logged as (
    insert into public.application_access_log (application_id, actor_id, action)
    select a.id, log_rights_export.actor, 'export'
    from public.applications a
    where a.id = any (log_rights_export.application_ids)
    returning 1
  )
  select count(*)::integer from logged
$$;

revoke execute on function public.log_rights_export(uuid, uuid[]) from public, anon, authenticated;
grant execute on function public.log_rights_export(uuid, uuid[]) to service_role;
