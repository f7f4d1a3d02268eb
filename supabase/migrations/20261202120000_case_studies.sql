-- Case studies: a third collection beside the blog and the vacancies, edited, published, scheduled,
-- redirected and searched exactly as they are. The tables, their policies (content staff at aal2)
-- and the public functions stay as they are; only the lists of collections grow.

-- The collections an entry, and an old slug's redirect, can belong to.
alter table public.content_entries drop constraint content_entries_collection_check;
alter table public.content_entries
  add constraint content_entries_collection_check check (collection in ('blog', 'vacancies', 'cases'));
alter table public.content_redirects drop constraint content_redirects_collection_check;
alter table public.content_redirects
  add constraint content_redirects_collection_check check (collection in ('blog', 'vacancies', 'cases'));

-- Search covers what visitors may read of every collection, the case studies included; otherwise
-- as in 20261126195000_content_search.sql.
create or replace function public.search_content(search_query text, wanted_locale text, max_results integer default 20)
returns table (
  collection text,
  slug text,
  title text,
  description text,
  passage text,
  rank real,
  published_at timestamptz
)
language sql
stable
security definer
set search_path = ''
as $$
  with query as (
    select websearch_to_tsquery(public.content_search_config(search_content.wanted_locale), left(search_content.search_query, 200)) as q
  ),
  visible as (
    select 'blog' as collection, p.* from public.published_content('blog') p where p.locale = search_content.wanted_locale
    union all
    select 'vacancies', p.* from public.published_content('vacancies') p where p.locale = search_content.wanted_locale
    union all
    select 'cases', p.* from public.published_content('cases') p where p.locale = search_content.wanted_locale
  ),
  best as (
    select v.collection, v.slug, v.locale, v.front_matter, v.body, v.published_at, ts_rank(r.search_vector, query.q) as rank, query.q
    from visible v
    join public.content_revisions r on r.id = v.revision_id
    cross join query
    where search_content.wanted_locale in ('nl', 'en') and r.search_vector @@ query.q
    order by rank desc, v.published_at desc, v.slug
    limit least(greatest(search_content.max_results, 1), 50)
  )
  -- The passage only for the results shown: highlighting parses the whole body.
  select
    b.collection,
    b.slug,
    b.front_matter ->> 'title',
    b.front_matter ->> 'description',
    ts_headline(
      public.content_search_config(b.locale),
      public.content_search_plain(b.body),
      b.q,
      U&'StartSel="\E000", StopSel="\E001", MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "'
    ),
    b.rank,
    b.published_at
  from best b
  order by b.rank desc, b.published_at desc, b.slug
$$;

revoke execute on function public.search_content(text, text, integer) from public;
grant execute on function public.search_content(text, text, integer) to anon, authenticated, service_role;
