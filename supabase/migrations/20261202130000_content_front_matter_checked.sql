-- One rule for what visitors may see of published content, kept by the database (security review 3,
-- I1). A working copy written over REST could carry front matter the site's schema refuses (an
-- extra "internalNote", a missing title); published, the site hid it, but published_content()
-- returned it with every field and search listed it.
--
-- Now each collection's front-matter schema is stored here as JSON Schema, generated from the
-- site's zod schemas (supabase/tests/front-matter-schemas.test.ts fails, printing the statement
-- for a new migration, when the two differ). A revision that goes live (publish, schedule, import)
-- must pass it, and published_content(), which search and the image library read too, returns
-- only revisions that pass it.
--
-- The validator is written here, for the subset of JSON Schema the generated schemas use: no JSON
-- Schema extension runs on the embedded backend's Postgres (pg_jsonschema exists on hosted only).
-- Rules across fields (a salary's min below its max) stay the site's: a row breaking one is
-- refused by the editor and left out of the pages.

create table private.content_front_matter_schemas (
  collection text primary key,
  schema jsonb not null check (jsonb_typeof(schema) = 'object')
);
-- Read by the functions below alone; the API does not serve this schema.
alter table private.content_front_matter_schemas enable row level security;
revoke all on private.content_front_matter_schemas from public, anon, authenticated;

-- Where `value` first breaks `schema`, as "<path>: <keyword>" (the root's path is empty), or null
-- when it passes. A keyword it does not know is an error, so a schema it cannot check is never
-- taken for one that passed.
create function private.json_schema_problem(schema jsonb, value jsonb, at text default '')
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  keyword text;
  found_type text := jsonb_typeof(value);
  wanted_type text := schema ->> 'type';
  problem text;
  member record;
  place text;
begin
  for keyword in select jsonb_object_keys(schema) loop
    if keyword not in ('type', 'enum', 'minLength', 'maxLength', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum',
      'exclusiveMaximum', 'properties', 'required', 'additionalProperties', 'items', 'minItems', 'maxItems', 'anyOf',
      'not', 'default', 'description') then
      raise exception 'JSON Schema keyword % is not supported', keyword using errcode = '0A000';
    end if;
  end loop;

  if wanted_type is not null and not (
    case wanted_type
      when 'integer' then found_type = 'number' and (value #>> '{}')::numeric = trunc((value #>> '{}')::numeric)
      else found_type = wanted_type
    end
  ) then
    return at || ': type';
  end if;
  if schema ? 'enum' and not (schema -> 'enum') @> jsonb_build_array(value) then
    return at || ': enum';
  end if;

  if found_type = 'string' then
    if char_length(value #>> '{}') < (schema ->> 'minLength')::integer then return at || ': minLength'; end if;
    if char_length(value #>> '{}') > (schema ->> 'maxLength')::integer then return at || ': maxLength'; end if;
    if schema ? 'pattern' and (value #>> '{}') !~ (schema ->> 'pattern') then return at || ': pattern'; end if;
  elsif found_type = 'number' then
    if (value #>> '{}')::numeric < (schema ->> 'minimum')::numeric then return at || ': minimum'; end if;
    if (value #>> '{}')::numeric > (schema ->> 'maximum')::numeric then return at || ': maximum'; end if;
    if (value #>> '{}')::numeric <= (schema ->> 'exclusiveMinimum')::numeric then return at || ': exclusiveMinimum'; end if;
    if (value #>> '{}')::numeric >= (schema ->> 'exclusiveMaximum')::numeric then return at || ': exclusiveMaximum'; end if;
  elsif found_type = 'object' then
    select r.name into place
    from jsonb_array_elements_text(coalesce(schema -> 'required', '[]'::jsonb)) r (name)
    where not value ? r.name
    limit 1;
    if place is not null then return ltrim(at || '.' || place, '.') || ': required'; end if;
    for member in select * from jsonb_each(value) loop
      place := ltrim(at || '.' || member.key, '.');
      if schema -> 'properties' ? member.key then
        problem := private.json_schema_problem(schema -> 'properties' -> member.key, member.value, place);
      elsif schema -> 'additionalProperties' = 'false'::jsonb then
        problem := place || ': additionalProperties';
      elsif jsonb_typeof(schema -> 'additionalProperties') = 'object' then
        problem := private.json_schema_problem(schema -> 'additionalProperties', member.value, place);
      end if;
      if problem is not null then return problem; end if;
    end loop;
  elsif found_type = 'array' then
    if jsonb_array_length(value) < (schema ->> 'minItems')::integer then return at || ': minItems'; end if;
    if jsonb_array_length(value) > (schema ->> 'maxItems')::integer then return at || ': maxItems'; end if;
    if schema ? 'items' then
      for member in select e.element, e.position from jsonb_array_elements(value) with ordinality e (element, position) loop
        problem := private.json_schema_problem(schema -> 'items', member.element, at || '[' || (member.position - 1) || ']');
        if problem is not null then return problem; end if;
      end loop;
    end if;
  end if;

  if schema ? 'anyOf' and not exists (
    select 1 from jsonb_array_elements(schema -> 'anyOf') b (branch)
    where private.json_schema_problem(b.branch, value, at) is null
  ) then
    return at || ': anyOf';
  end if;
  if schema ? 'not' and private.json_schema_problem(schema -> 'not', value, at) is null then
    return at || ': not';
  end if;
  return null;
end
$$;

-- Where a collection's front matter breaks its schema, or null when it passes. A collection
-- without a stored schema has nothing that passes.
create function private.content_front_matter_problem(wanted_collection text, front_matter jsonb)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  stored jsonb;
begin
  select s.schema into stored from private.content_front_matter_schemas s where s.collection = wanted_collection;
  if not found then
    return 'no front-matter schema for ' || wanted_collection;
  end if;
  return private.json_schema_problem(stored, front_matter);
end
$$;

-- What goes live passes its collection's schema, whoever writes it (the editor's functions, the
-- import, the service role). Versions and restores are working notes and may be incomplete.
create function private.content_revisions_pass_the_schema() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  problem text;
begin
  if new.kind in ('publish', 'schedule', 'import') then
    select private.content_front_matter_problem(e.collection, new.front_matter) into problem
    from public.content_entries e where e.id = new.entry_id;
    if problem is not null then
      raise exception 'the front matter does not pass its schema' using errcode = 'BW422', detail = problem;
    end if;
  end if;
  return new;
end
$$;

create trigger content_revisions_pass_the_schema
  before insert on public.content_revisions
  for each row execute function private.content_revisions_pass_the_schema();

-- What visitors read, as in 20261126180000_content.sql, now only what passes its schema.
create or replace function public.published_content(wanted_collection text)
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
    and private.content_front_matter_problem(e.collection, r.front_matter) is null
$$;

revoke execute on all functions in schema private from public, anon, authenticated;

-- Generated from the zod schemas: supabase/tests/support/front-matter-json-schema.ts.
insert into private.content_front_matter_schemas (collection, schema) values
  ('blog', '{"type":"object","properties":{"title":{"type":"string","minLength":5,"maxLength":120},"description":{"type":"string","minLength":40,"maxLength":220},"date":{"anyOf":[{"type":"string","pattern":"^\\d{4}-\\d{2}-\\d{2}$"}]},"updated":{"anyOf":[{"type":"string","pattern":"^\\d{4}-\\d{2}-\\d{2}$"}]},"author":{"type":"string","minLength":2,"maxLength":80},"authorRole":{"type":"string","minLength":2,"maxLength":80},"tags":{"default":[],"maxItems":8,"type":"array","items":{"type":"string","minLength":1,"maxLength":40}}},"required":["title","description","date","author"],"additionalProperties":false}'),
  ('vacancies', '{"type":"object","properties":{"title":{"type":"string","minLength":5,"maxLength":120},"description":{"type":"string","minLength":40,"maxLength":220},"status":{"type":"string","enum":["open","closed"]},"location":{"type":"string","minLength":2,"maxLength":80},"hours":{"type":"object","properties":{"min":{"type":"integer","minimum":4,"maximum":40},"max":{"type":"integer","minimum":4,"maximum":40}},"required":["min","max"],"additionalProperties":false},"employmentType":{"type":"string","enum":["FULL_TIME","PART_TIME","CONTRACTOR","TEMPORARY","INTERN"]},"salary":{"type":"object","properties":{"min":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991},"max":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991},"hours":{"type":"integer","minimum":4,"maximum":40}},"required":["min","max"],"additionalProperties":false},"collectiveAgreement":{"type":"string","minLength":2,"maxLength":120},"datePosted":{"anyOf":[{"type":"string","pattern":"^\\d{4}-\\d{2}-\\d{2}$"}]},"validThrough":{"anyOf":[{"type":"string","pattern":"^\\d{4}-\\d{2}-\\d{2}$"}]},"offer":{"minItems":1,"maxItems":12,"type":"array","items":{"type":"string","minLength":3,"maxLength":200}}},"required":["title","description","status","location","hours","employmentType","salary","datePosted","offer"],"additionalProperties":false}'),
  ('cases', '{"type":"object","properties":{"title":{"type":"string","minLength":5,"maxLength":120},"description":{"type":"string","minLength":40,"maxLength":220},"client":{"type":"object","properties":{"anonymous":{"default":false,"type":"boolean"},"name":{"type":"string","minLength":2,"maxLength":80},"sector":{"type":"string","enum":["logistics","healthcare","housing","government","education","energy","industry","retail","finance","nonprofit"]},"place":{"type":"string","minLength":2,"maxLength":80},"logo":{"type":"string","pattern":"^[0-9a-f]{64}$"},"logoAlt":{"type":"string","minLength":2,"maxLength":150}},"required":["sector"],"additionalProperties":false},"services":{"minItems":1,"maxItems":4,"type":"array","items":{"type":"string","enum":["custom","apps","cloud","ai"]}},"period":{"type":"object","properties":{"from":{"type":"string","pattern":"^\\d{4}-(0[1-9]|1[0-2])$"},"until":{"type":"string","pattern":"^\\d{4}-(0[1-9]|1[0-2])$"}},"required":["from"],"additionalProperties":false},"figures":{"default":[],"maxItems":3,"type":"array","items":{"type":"object","properties":{"value":{"type":"string","minLength":1,"maxLength":12},"label":{"type":"string","minLength":3,"maxLength":80}},"required":["value","label"],"additionalProperties":false}},"quote":{"type":"object","properties":{"text":{"type":"string","minLength":10,"maxLength":400},"name":{"type":"string","minLength":2,"maxLength":80},"role":{"type":"string","minLength":2,"maxLength":80}},"required":["text","name","role"],"additionalProperties":false},"related":{"default":[],"maxItems":3,"type":"array","items":{"type":"string","pattern":"^[a-z0-9]+(-[a-z0-9]+)*$"}}},"required":["title","description","client","services","period"],"additionalProperties":false}')
on conflict (collection) do update set schema = excluded.schema;

-- For the test that holds these schemas to the zod ones; the service role's alone.
create function public.content_front_matter_schema(wanted_collection text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select s.schema from private.content_front_matter_schemas s where s.collection = wanted_collection
$$;
revoke execute on function public.content_front_matter_schema(text) from public, anon, authenticated;
grant execute on function public.content_front_matter_schema(text) to service_role;
