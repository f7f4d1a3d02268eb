-- What a collection's public addresses answer for: each published entry's slug with the language it
-- is published in (so its list pages can be counted), and each old slug that leads to a published
-- entry (content_redirect_target's own rule), with no language. The site's proxy answers any other
-- address with its own 404 page before a page renders (docs/decisions/0028).
create function public.content_known_slugs(wanted_collection text)
returns table (slug text, locale text)
language sql
stable
security definer
set search_path = ''
as $$
  select p.slug, p.locale from public.published_content(content_known_slugs.wanted_collection) p
  union
  select r.slug, null
  from public.content_redirects r
  where r.collection = content_known_slugs.wanted_collection
    and public.content_redirect_target(r.collection, r.slug) is not null
$$;

revoke execute on function public.content_known_slugs(text) from public;
grant execute on function public.content_known_slugs(text) to anon, authenticated, service_role;
