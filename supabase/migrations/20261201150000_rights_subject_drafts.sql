-- A rights request covers the application drafts too (security review 3, L7): what a visitor typed
-- into a form that did not come through, kept for an hour at most, holds their name, e-mail address
-- and text. Found by the e-mail address typed, compared for equality like every rights look-up.
create function public.rights_subject_drafts(address text)
returns setof public.application_drafts
language sql
stable
security definer
set search_path = ''
as $$
  select d.* from public.application_drafts d
  where lower(d."values" ->> 'email') = lower(rights_subject_drafts.address)
  order by d.created_at
$$;

revoke execute on function public.rights_subject_drafts(text) from public, anon, authenticated;
grant execute on function public.rights_subject_drafts(text) to service_role;
