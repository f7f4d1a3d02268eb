-- Messages sent through the contact form, read and handled by the firm's staff.
create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  name text not null check (char_length(name) between 2 and 200),
  email text not null check (char_length(email) between 3 and 320 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  company text check (char_length(company) <= 200),
  phone text check (char_length(phone) <= 40),
  subject text not null check (subject in ('general', 'project', 'vacancy')),
  vacancy text check (char_length(vacancy) <= 120),
  message text not null check (char_length(message) between 10 and 5000),
  locale text not null default 'nl' check (locale in ('nl', 'en')),
  handled_at timestamptz,
  handled_by uuid references auth.users (id) on delete set null
);
alter table public.contact_messages enable row level security;

create index contact_messages_created_at_idx on public.contact_messages (created_at desc);

-- Staff are the accounts the firm marks with app_metadata.role = 'staff' (only the service role can set it).
create function public.is_staff() returns boolean
language sql stable
set search_path = ''
as $$
  select coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') = 'staff'
$$;

-- Privileges first (hosted Supabase grants everything by default), then one policy per operation.
revoke all on public.contact_messages from anon, authenticated;
grant insert (name, email, company, phone, subject, vacancy, message, locale) on public.contact_messages to anon, authenticated;
grant select on public.contact_messages to authenticated;
-- Staff may only mark a message handled; what the sender wrote stays as it was sent.
grant update (handled_at, handled_by) on public.contact_messages to authenticated;

create policy "Anyone can send a message."
  on public.contact_messages for insert
  to anon, authenticated
  with check (true);

create policy "Staff can read messages."
  on public.contact_messages for select
  to authenticated
  using ((select public.is_staff()));

create policy "Staff can mark messages handled."
  on public.contact_messages for update
  to authenticated
  using ((select public.is_staff()))
  with check ((select public.is_staff()));

-- No delete policy and no delete grant: only the service role (which bypasses RLS) may delete.

-- Hits per rate-limit bucket (e.g. a hashed client IP). Kept in Postgres so every server
-- instance counts against the same limit. No policies: only the service role reaches it.
create table public.rate_limit_hits (
  bucket text not null check (char_length(bucket) <= 200),
  hit_at timestamptz not null default now()
);
alter table public.rate_limit_hits enable row level security;
revoke all on public.rate_limit_hits from anon, authenticated;

create index rate_limit_hits_bucket_idx on public.rate_limit_hits (bucket, hit_at);
create index rate_limit_hits_hit_at_idx on public.rate_limit_hits (hit_at);

-- Records a hit and says whether it is within the limit: at most max_hits per window.
-- The advisory lock serialises concurrent hits on one bucket, so two requests cannot both
-- see the last free slot. Every call also forgets all hits older than a day, which is what the
-- privacy statement promises for this data (windows are never longer than that).
create function public.consume_rate_limit(bucket text, max_hits integer, window_seconds integer)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  recent integer;
begin
  perform pg_advisory_xact_lock(hashtext(consume_rate_limit.bucket));
  delete from public.rate_limit_hits h where h.hit_at < now() - interval '1 day';
  delete from public.rate_limit_hits h
    where h.bucket = consume_rate_limit.bucket
      and h.hit_at < now() - make_interval(secs => consume_rate_limit.window_seconds);
  select count(*) into recent from public.rate_limit_hits h where h.bucket = consume_rate_limit.bucket;
  if recent >= consume_rate_limit.max_hits then
    return false;
  end if;
  insert into public.rate_limit_hits (bucket) values (consume_rate_limit.bucket);
  return true;
end;
$$;

revoke execute on function public.consume_rate_limit(text, integer, integer) from public, anon, authenticated;
grant execute on function public.consume_rate_limit(text, integer, integer) to service_role;
