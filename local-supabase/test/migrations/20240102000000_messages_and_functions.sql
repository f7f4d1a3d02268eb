create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  body text not null
);
alter table public.contact_messages enable row level security;
create policy "Visitors can send messages." on public.contact_messages for insert to anon, authenticated with check (true);
create policy "Staff can read messages." on public.contact_messages for select to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'staff');

create table public.secrets (id int primary key, value text);
revoke all on public.secrets from anon, authenticated;

create function public.add_numbers(a integer, b integer default 1) returns integer language sql immutable as $$ select a + b $$;
create function public.visible_note_count() returns integer language sql stable as $$ select count(*)::int from public.notes $$;
create function public.notes_ranked_above(min_rank integer) returns setof public.notes language sql stable as $$
  select * from public.notes where rank > min_rank order by rank
$$;
create function public.whoami() returns jsonb language sql stable as $$
  select jsonb_build_object('uid', auth.uid(), 'role', auth.role(), 'email', auth.email(), 'claims_role', auth.jwt() ->> 'role')
$$;
create function public.touch() returns void language sql as $$ select 1 $$;
create function public.fail_loudly() returns void language plpgsql as $$ begin raise exception 'nope' using hint = 'told you'; end $$;
