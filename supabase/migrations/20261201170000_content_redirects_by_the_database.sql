-- Redirects are the database's to write (security review 3, L3): content staff could insert one
-- for any slug and entry, and a planted redirect took over another entry's old slug at its next
-- rename (the trigger's `on conflict do nothing`) and kept the slug from being taken for good.
-- Only the slug-change trigger writes them now, as the definer; staff read them.
create or replace function public.content_entries_redirect_old_slug() returns trigger
language plpgsql
security definer
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

revoke execute on function public.content_entries_redirect_old_slug() from public, anon, authenticated;

drop policy "Content staff can add redirects in their own name." on public.content_redirects;
drop policy "Content staff can remove a redirect when its entry takes its slug back." on public.content_redirects;
revoke insert, delete on public.content_redirects from authenticated;
