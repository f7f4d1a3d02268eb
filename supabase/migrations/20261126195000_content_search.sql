-- Full-text search over what visitors may read: published posts and vacancies, by the words of
-- their title, description and body, stemmed per language (Dutch and English configurations).
--
-- Visibility is published_content()'s own rule (the scheduled revision once due, else the live
-- one), so a draft is never found. The text is searched and highlighted with its Markdown syntax
-- stripped, so a passage reads as prose and link targets, image addresses and code fences are not
-- found as words.

-- The Markdown body as plain prose. Immutable, so the planner may fold it into an index later.
-- Also removes the two private-use characters that mark a highlighted passage, so stored text can
-- never forge a highlight.
create function public.content_search_plain(markdown text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
    regexp_replace(regexp_replace(regexp_replace(regexp_replace(
      translate(coalesce(markdown, ''), U&'\E000\E001', ''),
      -- fenced code block markers (the code itself stays searchable)
      '^\s*(```|~~~)[^\n]*$', ' ', 'gn'),
      -- images: their alt text
      '!\[([^\]]*)\]\([^)]*\)', '\1', 'g'),
      -- links: their text
      '\[([^\]]*)\]\([^)]*\)', '\1', 'g'),
      -- reference-style link definitions
      '^\s*\[[^\]]+\]:\s*\S+.*$', ' ', 'gn'),
      -- HTML tags and comments
      '<!--.*?-->|<[^>]+>', ' ', 'g'),
      -- headings, block quotes and list markers at the start of a line
      '^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)', '', 'gn'),
      -- table rules and cell separators
      '^\s*\|?\s*:?-{3,}.*$|\|', ' ', 'gn'),
      -- emphasis, strike-through and inline code markers
      '(\*{1,3}|_{2,3}|~~|`+)', '', 'g'),
      -- emphasis by single underscores around a word
      '(^|\W)_(\S[^_]*\S|\S)_(\W|$)', '\1\2\3', 'g'),
      '\s+', ' ', 'g')
$$;

-- The text search configuration of a document's language.
create function public.content_search_config(locale text)
returns regconfig
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case locale when 'nl' then 'pg_catalog.dutch'::regconfig else 'pg_catalog.english'::regconfig end
$$;

-- Title weighs most, then the description, then the body.
create function public.content_search_document(locale text, front_matter jsonb, body text)
returns tsvector
language sql
immutable
parallel safe
set search_path = ''
as $$
  select setweight(to_tsvector(public.content_search_config(locale), coalesce(front_matter ->> 'title', '')), 'A')
    || setweight(to_tsvector(public.content_search_config(locale), coalesce(front_matter ->> 'description', '')), 'B')
    || setweight(to_tsvector(public.content_search_config(locale), public.content_search_plain(body)), 'D')
$$;

-- Each revision's words, computed once when it is written: revisions are append-only, so the
-- vector never goes stale, and a search reads it instead of parsing every visible body again.
alter table public.content_revisions
  add column search_vector tsvector generated always as (public.content_search_document(locale, front_matter, body)) stored;

-- Published posts and vacancies in one language that match the visitor's words (web-search
-- syntax: quotes for a phrase, a minus to leave a word out), best match first. The passage holds
-- U+E000 before and U+E001 after each matched word; the site renders those as <mark> itself.
create function public.search_content(search_query text, wanted_locale text, max_results integer default 20)
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
-- The helpers are pure. Whoever writes a revision runs them (its generated column), so editors and
-- the service role keep them; visitors reach them only through search_content.
revoke execute on function public.content_search_plain(text), public.content_search_config(text),
  public.content_search_document(text, jsonb, text) from public, anon;
grant execute on function public.content_search_plain(text), public.content_search_config(text),
  public.content_search_document(text, jsonb, text) to authenticated, service_role;
