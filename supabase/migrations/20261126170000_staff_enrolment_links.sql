-- No trust on first use for staff two-factor (security review 2, finding 7). Until now whoever
-- signed in first with a staff password could link an authenticator and read every application.
--
-- A staff account now counts as staff only once it has linked its authenticator through an
-- enrolment link that the firm issued (`npm run users -- create --staff`, `npm run users -- enrol`,
-- or an admin on /account/staff): a single-use secret that runs out within a day. The link's
-- token is never stored, only its SHA-256. Completing the enrolment records which factor was
-- linked with it; is_staff() requires that factor to still be verified. A factor linked any other
-- way (the Auth API directly, with the password alone) opens nothing.

create table public.staff_enrolments (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  -- Hex SHA-256 of the token in the link.
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  -- Null for links issued with the service role (the CLI) and for factors linked before links.
  created_by uuid references auth.users (id) on delete set null,
  used_at timestamptz,
  -- The factor linked with this enrolment; the factor's removal ends staff access with it.
  factor_id uuid,
  constraint staff_enrolments_expire_within_a_day check (expires_at > created_at and expires_at <= created_at + interval '24 hours'),
  constraint staff_enrolments_used_with_a_factor check ((used_at is null) = (factor_id is null))
);

create index staff_enrolments_user_id_idx on public.staff_enrolments (user_id);

alter table public.staff_enrolments enable row level security;

-- Admins see who enrolled when (never the hashes: no column grant); rows are written only by the
-- functions below and the service role.
revoke all on table public.staff_enrolments from anon, authenticated;
grant select (id, user_id, created_at, expires_at, created_by, used_at, factor_id) on table public.staff_enrolments to authenticated;

create policy "Admins can read staff enrolments."
  on public.staff_enrolments for select
  to authenticated
  using ((select public.has_staff_role('admin')));

-- Whether the signed-in account linked a factor through an enrolment link that is still verified.
-- The site asks it to show staff the right step; is_staff() asks it for every staff policy.
create function public.staff_enrolment_completed(account uuid) returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.staff_enrolments e
    join auth.mfa_factors f on f.id = e.factor_id and f.user_id = e.user_id
    where e.user_id = staff_enrolment_completed.account
      and e.used_at is not null
      -- Hosted Supabase types this column as the enum auth.factor_status; the literal fits both.
      and f.status = 'verified'
  )
$$;

revoke execute on function public.staff_enrolment_completed(uuid) from public, anon, authenticated;
grant execute on function public.staff_enrolment_completed(uuid) to service_role;

create function public.my_staff_enrolment_completed() returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select public.staff_enrolment_completed((select auth.uid()))
$$;

revoke execute on function public.my_staff_enrolment_completed() from public, anon;
grant execute on function public.my_staff_enrolment_completed() to authenticated, service_role;

-- is_staff() as before (aal2, a live session, the mark read from auth.users), plus the enrolment.
create or replace function public.is_staff() returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from auth.sessions s
    join auth.users u on u.id = s.user_id
    where (select auth.jwt()) ->> 'aal' = 'aal2'
      and s.id = (
        select case when c.sid ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then c.sid::uuid end
        from (select (select auth.jwt()) ->> 'session_id' as sid) c
      )
      and s.user_id = (select auth.uid())
      and s.aal = 'aal2'
      and (s.not_after is null or s.not_after > now())
      and u.raw_app_meta_data ->> 'role' = 'staff'
      and u.deleted_at is null
      and (u.banned_until is null or u.banned_until <= now())
  )
  and public.staff_enrolment_completed((select auth.uid()))
$$;

-- An admin issues a link for a staff account: the site makes the token and passes its hash. Any
-- earlier unused link of that account stops working, so only the newest one is ever valid.
create function public.issue_staff_enrolment(staff_id uuid, token_hash text) returns timestamptz
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  expiry timestamptz := now() + interval '24 hours';
begin
  if not public.has_staff_role('admin') then
    raise exception 'only admins signed in with their second factor may issue enrolment links'
      using errcode = '42501';
  end if;
  if not exists (
    select 1 from auth.users u
    where u.id = issue_staff_enrolment.staff_id and u.raw_app_meta_data ->> 'role' = 'staff' and u.deleted_at is null
  ) then
    raise exception 'not a staff account' using errcode = '22023';
  end if;
  delete from public.staff_enrolments e where e.user_id = issue_staff_enrolment.staff_id and e.used_at is null;
  insert into public.staff_enrolments (user_id, token_hash, expires_at, created_by)
    values (issue_staff_enrolment.staff_id, issue_staff_enrolment.token_hash, expiry, (select auth.uid()));
  return expiry;
end;
$$;

revoke execute on function public.issue_staff_enrolment(uuid, text) from public, anon;
grant execute on function public.issue_staff_enrolment(uuid, text) to authenticated, service_role;

-- Whether the signed-in account holds an open link with this hash (the site asks before it starts
-- linking an authenticator, so nobody scans a code that cannot count).
create function public.staff_enrolment_open(token_hash text) returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.staff_enrolments e
    where e.token_hash = staff_enrolment_open.token_hash
      and e.user_id = (select auth.uid())
      and e.used_at is null
      and e.expires_at > now()
  )
$$;

revoke execute on function public.staff_enrolment_open(text) from public, anon;
grant execute on function public.staff_enrolment_open(text) to authenticated, service_role;

-- The staff member redeems their link with the factor they just verified: it must be their own,
-- verified, and the link open. Single use: the row is marked used in the same statement.
create function public.complete_staff_enrolment(token_hash text, factor_id uuid) returns boolean
language sql
volatile
security definer
set search_path = ''
as $$
  with used as (
    update public.staff_enrolments e
      set used_at = now(), factor_id = complete_staff_enrolment.factor_id
      where e.token_hash = complete_staff_enrolment.token_hash
        and e.user_id = (select auth.uid())
        and e.used_at is null
        and e.expires_at > now()
        and exists (
          select 1 from auth.mfa_factors f
          where f.id = complete_staff_enrolment.factor_id and f.user_id = (select auth.uid()) and f.status = 'verified'
        )
      returning 1
  )
  select exists (select 1 from used)
$$;

revoke execute on function public.complete_staff_enrolment(text, uuid) from public, anon;
grant execute on function public.complete_staff_enrolment(text, uuid) to authenticated, service_role;

-- A staff member who is staff already (aal2, enrolled) may link another authenticator app without a
-- new link: the factor they just verified is recorded as enrolled too, so either app keeps working
-- when the other is removed. Someone with the password alone never gets here: is_staff() is false.
create function public.link_additional_staff_factor(factor_id uuid) returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'only enrolled staff signed in with their second factor may link another app'
      using errcode = '42501';
  end if;
  insert into public.staff_enrolments (user_id, token_hash, expires_at, created_by, used_at, factor_id)
    select (select auth.uid()), encode(sha256(convert_to(gen_random_uuid()::text || f.id::text, 'UTF8')), 'hex'),
      now() + interval '1 minute', (select auth.uid()), now(), f.id
    from auth.mfa_factors f
    where f.id = link_additional_staff_factor.factor_id and f.user_id = (select auth.uid()) and f.status = 'verified';
  return found;
end;
$$;

revoke execute on function public.link_additional_staff_factor(uuid) from public, anon;
grant execute on function public.link_additional_staff_factor(uuid) to authenticated, service_role;

-- Staff accounts for the admins' overview: e-mail, roles and enrolment state. Admins only.
create function public.staff_accounts()
returns table (id uuid, email text, staff_roles jsonb, enrolled_at timestamptz, link_expires_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.has_staff_role('admin') then
    raise exception 'only admins signed in with their second factor may list staff' using errcode = '42501';
  end if;
  return query
    select
      u.id,
      u.email::text,
      coalesce(u.raw_app_meta_data -> 'staff_roles', '[]'::jsonb),
      (
        select max(e.used_at) from public.staff_enrolments e
        join auth.mfa_factors f on f.id = e.factor_id and f.user_id = e.user_id and f.status = 'verified'
        where e.user_id = u.id
      ),
      (select max(e.expires_at) from public.staff_enrolments e where e.user_id = u.id and e.used_at is null and e.expires_at > now())
    from auth.users u
    where u.raw_app_meta_data ->> 'role' = 'staff' and u.deleted_at is null
    order by u.email;
end;
$$;

revoke execute on function public.staff_accounts() from public, anon;
grant execute on function public.staff_accounts() to authenticated, service_role;

-- Staff who linked their authenticator before links existed keep their access: their verified
-- factors count as enrolled (created_by null). Admins see them on /account/staff and can issue a
-- new link to anyone whose first enrolment they doubt.
insert into public.staff_enrolments (user_id, token_hash, created_at, expires_at, used_at, factor_id)
  select f.user_id, encode(sha256(convert_to(gen_random_uuid()::text || f.id::text, 'UTF8')), 'hex'), now(),
    now() + interval '1 minute', f.created_at, f.id
  from auth.mfa_factors f
  join auth.users u on u.id = f.user_id
  where u.raw_app_meta_data ->> 'role' = 'staff' and f.status = 'verified';
