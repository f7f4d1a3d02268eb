-- Test-only functions for RPC reads (set-returning scalars, one-row results) and for the
-- `extensions` schema being on the request's search_path, as on hosted Supabase.
create function public.ranks_below(max_rank integer) returns setof integer language sql stable as $$
  select generate_series(0, max_rank - 1)
$$;

create function public.top_note() returns public.notes language sql stable as $$
  select * from public.notes order by rank desc nulls last limit 1
$$;

-- plpgsql resolves names when called, so this only works if `extensions` is on the search_path.
create function public.random_hex() returns text language plpgsql volatile as $$
begin
  return encode(gen_random_bytes(4), 'hex');
end
$$;
