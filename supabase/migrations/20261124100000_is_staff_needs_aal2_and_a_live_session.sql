-- Staff data needs the second factor in Postgres itself, not only in the site's pages, and a
-- staff member who signs out or loses the role loses the data at once, not when the access
-- token expires (security review, findings 1 and 17).
--
-- So is_staff() believes the token only about which session it belongs to:
-- - the token and its session in auth.sessions are both at aal2 (a staff account without a
--   verified factor never gets there, and removing the factor drops the session to aal1);
-- - that session still exists and has not run out (a logout deletes it);
-- - the role is read from auth.users, where only the service role changes it, rather than
--   from the copy of app_metadata frozen into the token; deleted or banned accounts are out.
-- Security definer, because the API roles cannot read the auth schema; it only ever answers
-- about the caller's own session.
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
      -- A token names its session by id; anything that is not a uuid names none.
      and s.id = (
        select case when c.sid ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then c.sid::uuid end
        from (select (select auth.jwt()) ->> 'session_id' as sid) c
      )
      and s.user_id = (select auth.uid())
      -- Hosted Supabase types this column as the enum auth.aal_level; the literal fits both.
      and s.aal = 'aal2'
      and (s.not_after is null or s.not_after > now())
      and u.raw_app_meta_data ->> 'role' = 'staff'
      and u.deleted_at is null
      and (u.banned_until is null or u.banned_until <= now())
  )
$$;

-- Policies call it as `authenticated`; anon has no staff data to ask about.
revoke execute on function public.is_staff() from public, anon;
grant execute on function public.is_staff() to authenticated, service_role;
