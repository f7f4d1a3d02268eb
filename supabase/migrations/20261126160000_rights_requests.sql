-- Rights requests (AVG articles 15 and 17): an admin looks up everything stored about an e-mail
-- address, exports it or erases it. The server does the work as the service, after checking the
-- admin; this is what it needs from the database.

-- 1. The account an address belongs to, if any (auth.users is not exposed through the API).
create function public.rights_subject_account(address text)
returns table (id uuid, email text, created_at timestamptz, last_sign_in_at timestamptz, staff_roles jsonb)
language sql
stable
security definer
set search_path = ''
as $$
  select u.id, u.email::text, u.created_at, u.last_sign_in_at, u.raw_app_meta_data -> 'staff_roles'
  from auth.users u
  where lower(u.email) = lower(rights_subject_account.address)
$$;

revoke execute on function public.rights_subject_account(text) from public, anon, authenticated;
grant execute on function public.rights_subject_account(text) to service_role;

-- 2. The record that a request was honoured, without the data: who, when, what kind, how much,
--    and an HMAC of the address (so a repeated request can be recognised, never read back).
create table public.rights_requests (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('export', 'erasure')),
  requested_at timestamptz not null default now(),
  actor_id uuid references auth.users (id) on delete set null,
  subject_key text not null check (char_length(subject_key) between 16 and 100),
  counts jsonb not null default '{}'::jsonb
);
alter table public.rights_requests enable row level security;
revoke all on public.rights_requests from anon, authenticated;
grant select on public.rights_requests to authenticated;

create index rights_requests_requested_at_idx on public.rights_requests (requested_at desc);

create policy "Admins can read the record of rights requests."
  on public.rights_requests
  for select
  to authenticated
  using ((select public.has_staff_role('admin')));
