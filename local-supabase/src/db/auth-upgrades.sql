-- GoTrue migrations newer than the auth tables in platform.sql, applied on every start (each
-- statement is idempotent), so data folders made before them get them too. Source: supabase/auth
-- `migrations/<version>_*.up.sql`, namespace `auth`.

-- 20260115000000_add_flow_state_oauth_context: OAuth sign-ins keep their context in the flow
-- state, whose id is the `state` sent to the provider, and implicit flows get one too.
alter table auth.flow_state
  add column if not exists invite_token text null,
  add column if not exists referrer text null,
  add column if not exists oauth_client_state_id uuid null,
  add column if not exists linking_target_id uuid null,
  add column if not exists email_optional boolean not null default false;
alter table auth.flow_state
  alter column code_challenge drop not null,
  alter column code_challenge_method drop not null,
  alter column auth_code drop not null;
comment on table auth.flow_state is 'Stores metadata for all OAuth/SSO login flows';

-- 20240806073726_drop_uniqueness_constraint_on_phone: one phone factor per number and user
-- (`unique_phone_factor_per_user`, renamed there from 20240729123726's index).
create unique index if not exists unique_phone_factor_per_user on auth.mfa_factors (user_id, phone);
