-- The editor names people: who changed a working copy since an editor opened it (a conflict), who
-- made a revision (history) and who else has an entry open (presence). Their e-mail addresses live
-- in auth.users, which no client reads; this function returns them to content staff at aal2, and
-- only for accounts that took part in the content work, never for any account id one might send.
create function public.content_people(wanted uuid[])
returns table (id uuid, email text)
language sql
stable
security definer
set search_path = ''
as $$
  select u.id, u.email::text
  from auth.users u
  where (select public.has_staff_role('content'))
    and u.id = any (content_people.wanted)
    and (
      exists (select 1 from public.content_documents d where d.updated_by = u.id)
      or exists (select 1 from public.content_revisions r where r.created_by = u.id)
      or exists (select 1 from public.content_presence p where p.user_id = u.id)
    )
$$;

revoke execute on function public.content_people(uuid[]) from public, anon;
grant execute on function public.content_people(uuid[]) to authenticated;
