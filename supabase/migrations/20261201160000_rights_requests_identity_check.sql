-- How the admin checked that a rights request comes from the person it is about (copy review 3,
-- F5): the tool asks before it exports or erases, and the record keeps the answer. Requests
-- recorded before this have none.
alter table public.rights_requests
  add column identity_check text check (identity_check in ('same_address', 'confirmed_from_address'));
