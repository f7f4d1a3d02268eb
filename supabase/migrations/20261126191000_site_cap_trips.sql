-- The site-wide caps (src/lib/rate-limit.ts, consumeSiteCap) are circuit breakers: when one is
-- reached, every visitor is refused until the window frees up. Admins must see that happen, not
-- only the server's log. The server records each refusal here as the service role, one row per
-- cap and minute with a count, so a flood adds at most a row a minute per cap. The rows hold no
-- visitor data (the cap's name, its limit, times and a count) and are kept thirty days.

create table public.site_cap_trips (
  cap text not null check (cap in ('contact-site', 'application-site', 'application-upload-mib', 'application-draft-site')),
  minute timestamptz not null,
  refusals integer not null default 1 check (refusals > 0),
  last_at timestamptz not null default now(),
  max_hits integer not null check (max_hits > 0),
  window_seconds integer not null check (window_seconds > 0),
  primary key (cap, minute)
);

create index site_cap_trips_last_at_idx on public.site_cap_trips (last_at);

alter table public.site_cap_trips enable row level security;

revoke all on table public.site_cap_trips from anon, authenticated;
grant select on table public.site_cap_trips to authenticated;

create policy "Admins can read when a site-wide cap refused visitors."
  on public.site_cap_trips for select
  to authenticated
  using ((select public.has_staff_role('admin')));

-- No insert, update or delete policy or grant: only the server (the service role) writes trips.

-- Records one refusal by a site-wide cap: a new row for the minute, or one more on it. Trips
-- older than thirty days go on the way.
create function public.record_site_cap_trip(cap text, max_hits integer, window_seconds integer)
returns void
language sql
volatile
set search_path = ''
as $$
  delete from public.site_cap_trips t where t.last_at < now() - interval '30 days';
  insert into public.site_cap_trips as t (cap, minute, max_hits, window_seconds)
    values (record_site_cap_trip.cap, date_trunc('minute', now()), record_site_cap_trip.max_hits, record_site_cap_trip.window_seconds)
    on conflict (cap, minute) do update
      set refusals = t.refusals + 1, last_at = now(), max_hits = excluded.max_hits, window_seconds = excluded.window_seconds;
$$;

revoke execute on function public.record_site_cap_trip(text, integer, integer) from public, anon, authenticated;
grant execute on function public.record_site_cap_trip(text, integer, integer) to service_role;

-- How much of a site-wide cap the current window has used (hits, or mebibytes for the upload
-- budget), for the admins' page. The hits themselves stay unreadable: visitors' buckets are
-- HMACs of their addresses, and this answers for the four site-wide buckets only.
create function public.site_cap_usage(cap text, window_seconds integer)
returns bigint
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  used bigint;
begin
  if not public.has_staff_role('admin') then
    raise exception 'only admins signed in with their second factor may read the site-wide caps' using errcode = '42501';
  end if;
  if site_cap_usage.cap not in ('contact-site', 'application-site', 'application-upload-mib', 'application-draft-site') then
    raise exception 'not a site-wide cap' using errcode = '22023';
  end if;
  select coalesce(sum(h.weight), 0) into used
    from public.rate_limit_hits h
    where h.bucket = site_cap_usage.cap
      and h.hit_at >= now() - make_interval(secs => greatest(site_cap_usage.window_seconds, 1));
  return used;
end;
$$;

revoke execute on function public.site_cap_usage(text, integer) from public, anon;
grant execute on function public.site_cap_usage(text, integer) to authenticated, service_role;

-- The retention run (POST /api/retention) deletes trips older than thirty days, also in the months
-- in which no cap refuses anyone (record_site_cap_trip deletes them only when one does).
create function public.purge_old_site_cap_trips() returns integer
language sql
volatile
set search_path = ''
as $$
  with gone as (
    delete from public.site_cap_trips t
      where t.last_at < now() - interval '30 days'
      returning 1
  )
  select count(*)::integer from gone
$$;

revoke execute on function public.purge_old_site_cap_trips() from public, anon, authenticated;
grant execute on function public.purge_old_site_cap_trips() to service_role;
