-- The firm's company details (name, addresses, phone, KvK and VAT numbers) as data an admin edits
-- and publishes, instead of constants in src/lib/company.ts: the footer, the contact page, the
-- Organization markup, the legal pages, security.txt and every mail read the published version.
--
-- Every save is a version (append-only); a publication points at one. What visitors see is the
-- version of the latest publication, so publishing an older version again is how one goes back.
-- Only admins at aal2 read the versions and write, through the functions below; visitors read the
-- published details through company_details(), never the tables.

create table public.company_details_versions (
  id bigint generated always as identity primary key,
  details jsonb not null,
  created_at timestamptz not null default now(),
  created_by uuid references auth.users (id) on delete set null
);

create table public.company_details_publications (
  id bigint generated always as identity primary key,
  version_id bigint not null references public.company_details_versions (id),
  published_at timestamptz not null default now(),
  published_by uuid references auth.users (id) on delete set null
);
create index company_details_publications_latest_idx on public.company_details_publications (published_at desc, id desc);

-- Where the details break a rule, as "<field>: <rule>", or null when they pass. The same rules as
-- src/lib/company/company-details-schema.ts, kept here because a wrong KvK number or address on
-- every page and in every mail is a legal mistake (Handelsregisterwet art. 27), whoever writes it.
-- The site checks the phone number further (libphonenumber); this is the shape it must have.
create function private.company_details_problem(details jsonb) returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  field text;
  rule record;
begin
  if jsonb_typeof(details) is distinct from 'object' or jsonb_typeof(details -> 'address') is distinct from 'object' then
    return 'details: object';
  end if;
  for field in select k from jsonb_object_keys(details) k
    where k not in ('name', 'legalName', 'email', 'securityEmail', 'phone', 'phoneDisplay', 'address', 'kvk', 'vatId') loop
    return field || ': unknown';
  end loop;
  for field in select k from jsonb_object_keys(details -> 'address') k where k not in ('street', 'postcode', 'city', 'country') loop
    return 'address.' || field || ': unknown';
  end loop;
  for rule in
    select * from (values
      ('name', details ->> 'name', '^\S.{0,78}\S$'),
      ('legalName', details ->> 'legalName', '^\S.{0,118}\S$'),
      ('email', details ->> 'email', '^[^@\s]{1,64}@[^@\s]+\.[a-z]{2,}$'),
      ('securityEmail', details ->> 'securityEmail', '^[^@\s]{1,64}@[^@\s]+\.[a-z]{2,}$'),
      ('phone', details ->> 'phone', '^\+[1-9][0-9]{7,14}$'),
      ('phoneDisplay', details ->> 'phoneDisplay', '^[+(0-9][0-9 ()-]{7,22}[0-9]$'),
      ('address.street', details -> 'address' ->> 'street', '^\S.{0,118}\S$'),
      ('address.postcode', details -> 'address' ->> 'postcode', '^[1-9][0-9]{3} [A-Z]{2}$'),
      ('address.city', details -> 'address' ->> 'city', '^\S.{0,78}\S$'),
      ('address.country', details -> 'address' ->> 'country', '^NL$'),
      ('kvk', details ->> 'kvk', '^[0-9]{8}$'),
      ('vatId', details ->> 'vatId', '^NL[0-9]{9}B[0-9]{2}$')
    ) as r (field, value, pattern)
  loop
    if rule.value is null or rule.value !~ rule.pattern then
      return rule.field || ': invalid';
    end if;
  end loop;
  -- The number shown is the number dialled: the same digits after the country code's 0.
  if regexp_replace(details ->> 'phoneDisplay', '[^0-9]', '', 'g') not in (
    substr(details ->> 'phone', 2), '0' || substr(details ->> 'phone', 4)
  ) then
    return 'phoneDisplay: differs';
  end if;
  return null;
end
$$;

alter table public.company_details_versions
  add constraint company_details_versions_details_check check (private.company_details_problem(details) is null);

alter table public.company_details_versions enable row level security;
alter table public.company_details_publications enable row level security;
revoke all on public.company_details_versions, public.company_details_publications from anon, authenticated;
grant select on public.company_details_versions, public.company_details_publications to authenticated;

create policy "Admins can read the company details' versions."
  on public.company_details_versions for select to authenticated
  using ((select public.has_staff_role('admin')));
create policy "Admins can read the company details' publications."
  on public.company_details_publications for select to authenticated
  using ((select public.has_staff_role('admin')));

-- Refuses a session without the role at aal2: the functions below run past RLS, so each asks first.
create function private.require_staff_role(wanted text) returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.has_staff_role(wanted) then
    raise exception '% staff only', wanted using errcode = '42501';
  end if;
end
$$;

-- The published details, for everyone: what the pages and mails show.
create function public.company_details() returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select v.details
  from public.company_details_publications p
  join public.company_details_versions v on v.id = p.version_id
  order by p.published_at desc, p.id desc
  limit 1
$$;

-- A new version in the admin's name. Errors: 42501 not an admin at aal2; 23514 details that break
-- a rule (detail: the field and rule, as company_details_problem() words it).
create function public.company_details_save(wanted jsonb) returns bigint
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  problem text := private.company_details_problem(wanted);
  new_version bigint;
begin
  perform private.require_staff_role('admin');
  if problem is not null then
    raise exception 'the company details break a rule' using errcode = '23514', detail = problem;
  end if;
  insert into public.company_details_versions (details, created_by) values (wanted, auth.uid()) returning id into new_version;
  return new_version;
end
$$;

-- Publishes a version (a new one, or an earlier one again). BW404: no such version.
create function public.company_details_publish(wanted_version bigint) returns timestamptz
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  published timestamptz;
begin
  perform private.require_staff_role('admin');
  if not exists (select 1 from public.company_details_versions v where v.id = wanted_version) then
    raise exception 'no such version' using errcode = 'BW404';
  end if;
  insert into public.company_details_publications (version_id, published_by) values (wanted_version, auth.uid())
  returning published_at into published;
  return published;
end
$$;

-- The versions, newest first, with who saved each, when it was last published and by whom, and
-- which one is live: the admin's history. Names only the admins who worked on the details.
create function public.company_details_history()
returns table (
  id bigint,
  details jsonb,
  created_at timestamptz,
  created_by_email text,
  published_at timestamptz,
  published_by_email text,
  live boolean
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_staff_role('admin');
  return query
  with latest as (
    select p.version_id from public.company_details_publications p order by p.published_at desc, p.id desc limit 1
  ),
  last_publication as (
    select distinct on (p.version_id) p.version_id, p.published_at, p.published_by
    from public.company_details_publications p
    order by p.version_id, p.published_at desc, p.id desc
  )
  select v.id, v.details, v.created_at, creator.email::text, lp.published_at, publisher.email::text,
    v.id = (select l.version_id from latest l)
  from public.company_details_versions v
  left join last_publication lp on lp.version_id = v.id
  left join auth.users creator on creator.id = v.created_by
  left join auth.users publisher on publisher.id = lp.published_by
  order by v.id desc
  limit 50;
end
$$;

revoke execute on function private.company_details_problem(jsonb), private.require_staff_role(text) from public, anon, authenticated;
revoke execute on function public.company_details_history() from public, anon;
grant execute on function public.company_details_history() to authenticated;
revoke execute on function public.company_details(), public.company_details_save(jsonb), public.company_details_publish(bigint)
  from public;
grant execute on function public.company_details() to anon, authenticated, service_role;
grant execute on function public.company_details_save(jsonb), public.company_details_publish(bigint) to authenticated;

-- Today's details, from src/lib/company.ts, as the first published version: the site shows
-- exactly what it showed before until an admin changes something.
with first as (
  insert into public.company_details_versions (details) values ('{
    "name": "Bitwerf",
    "legalName": "Bitwerf B.V.",
    "email": "hallo@bitwerf.nl",
    "securityEmail": "security@bitwerf.nl",
    "phone": "+31381234567",
    "phoneDisplay": "038 123 45 67",
    "address": { "street": "Melkmarkt 12", "postcode": "8011 MC", "city": "Zwolle", "country": "NL" },
    "kvk": "12345678",
    "vatId": "NL001234567B01"
  }'::jsonb)
  returning id
)
insert into public.company_details_publications (version_id) select id from first;
