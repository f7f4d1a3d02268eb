-- Test-only schema: notes with owner-based RLS, a staff-only inbox and a table the API roles
-- may not touch at all, to check each role sees exactly what the policies allow.

create table public.notes (
  id bigint generated always as identity primary key,
  owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  title text not null,
  is_public boolean not null default false,
  rank integer,
  created_at timestamptz not null default now()
);
alter table public.notes enable row level security;

create policy "Anyone can read public notes." on public.notes for select to anon, authenticated using (is_public);
create policy "Owners can read their notes." on public.notes for select to authenticated using ((select auth.uid()) = owner_id);
create policy "Owners can add notes." on public.notes for insert to authenticated with check ((select auth.uid()) = owner_id);
create policy "Owners can change their notes." on public.notes for update to authenticated
  using ((select auth.uid()) = owner_id) with check ((select auth.uid()) = owner_id);
create policy "Owners can delete their notes." on public.notes for delete to authenticated using ((select auth.uid()) = owner_id);
