-- An application form sent without JavaScript that fails validation must come back with what
-- the applicant typed. The form posts to a route handler (it streams the files to disk instead
-- of holding them in memory), which cannot render a page, so it keeps the typed text here for an
-- hour and sends the browser to a page that reads it back. Only the server (service role) reads
-- or writes drafts; the browser holds nothing but an HttpOnly cookie with the draft's id.
create table public.application_drafts (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  locale text not null check (locale in ('nl', 'en')),
  vacancy_slug text null check (vacancy_slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(vacancy_slug) <= 100),
  -- The typed values and the error key per field, as the form state has them; bounded, since
  -- the route handler caps every field long before this.
  "values" jsonb not null check (pg_column_size("values") <= 65536),
  errors jsonb not null check (pg_column_size(errors) <= 8192)
);
alter table public.application_drafts enable row level security;
revoke all on public.application_drafts from anon, authenticated;

-- The privacy statement promises drafts live an hour at most; every new draft clears the old
-- ones, and the retention run does the same for a site that goes quiet.
create function public.forget_old_application_drafts() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.application_drafts d where d.created_at < now() - interval '1 hour';
  return null;
end;
$$;
revoke execute on function public.forget_old_application_drafts() from public, anon, authenticated;

create trigger forget_old_application_drafts
  after insert on public.application_drafts
  for each statement
  execute function public.forget_old_application_drafts();

-- Upload bytes per hour are a budget, not a count of requests: a hit may weigh more than one.
-- Existing hits weigh 1, so consume_rate_limit's count(*) and this function's sum agree on them.
alter table public.rate_limit_hits add column weight integer not null default 1 check (weight between 1 and 1000000);

-- Like consume_rate_limit, but the hit weighs `weight` and the limit is on the sum of weights in
-- the window: the upload cap counts mebibytes. A hit that would pass the limit is not stored.
create function public.consume_rate_limit_weighted(bucket text, weight integer, max_total integer, window_seconds integer)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  used bigint;
begin
  if consume_rate_limit_weighted.weight < 1 then
    raise exception 'weight must be at least 1' using errcode = '22023';
  end if;
  perform pg_advisory_xact_lock(hashtext(consume_rate_limit_weighted.bucket));
  delete from public.rate_limit_hits h where h.hit_at < now() - interval '1 day';
  delete from public.rate_limit_hits h
    where h.bucket = consume_rate_limit_weighted.bucket
      and h.hit_at < now() - make_interval(secs => consume_rate_limit_weighted.window_seconds);
  select coalesce(sum(h.weight), 0) into used from public.rate_limit_hits h where h.bucket = consume_rate_limit_weighted.bucket;
  if used + consume_rate_limit_weighted.weight > consume_rate_limit_weighted.max_total then
    return false;
  end if;
  insert into public.rate_limit_hits (bucket, weight) values (consume_rate_limit_weighted.bucket, consume_rate_limit_weighted.weight);
  return true;
end;
$$;

revoke execute on function public.consume_rate_limit_weighted(text, integer, integer, integer) from public, anon, authenticated;
grant execute on function public.consume_rate_limit_weighted(text, integer, integer, integer) to service_role;
