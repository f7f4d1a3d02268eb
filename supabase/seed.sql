-- Demo accounts for local development; `supabase db reset` and the local backend run this
-- after the migrations on a fresh database. Passwords (see README): bitwerf-demo-2026 and
-- bitwerf-staff-2026, stored as bcrypt cost-10 hashes like GoTrue writes them.
-- The empty-string token columns matter: GoTrue cannot scan NULL into them on hosted Supabase.

-- A client account, e-mail confirmed.
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
) values (
  '00000000-0000-0000-0000-000000000000', '3c5f0c0e-8a43-4a7e-9b7d-2d6a1f0d0001', 'authenticated', 'authenticated',
  'demo@bitwerf.nl', '$2a$10$5Zwp7n6CdwQmoVWb3FUW.ePVXHVhIVHfmn7FRhcdtvc.My0xNiX3e', now(),
  '{"provider": "email", "providers": ["email"]}', '{"email_verified": true}', now(), now(),
  '', '', '', ''
);

-- A staff account with every role (app_metadata.staff_roles, see the staff roles migration):
-- app_metadata.role = 'staff' is what the site's staff checks read. It has no
-- second factor on purpose: like every staff account it must link an authenticator app (the
-- account page asks for it) before the database shows it any staff data (public.is_staff()).
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
) values (
  '00000000-0000-0000-0000-000000000000', '3c5f0c0e-8a43-4a7e-9b7d-2d6a1f0d0002', 'authenticated', 'authenticated',
  'staff@bitwerf.nl', '$2a$10$gCOJw2gV4MuDQKTDBLfkOuOj7rYTr5uQvWefyPcOxVv9ISkJ38wwK', now(),
  '{"provider": "email", "providers": ["email"], "role": "staff", "staff_roles": ["recruiting", "inbox", "content", "admin"]}', '{"email_verified": true}', now(), now(),
  '', '', '', ''
);

-- E-mail identities, which GoTrue needs to list the sign-in method of each account.
insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select gen_random_uuid(), id::text, id,
       jsonb_build_object('sub', id::text, 'email', email, 'email_verified', true, 'phone_verified', false),
       'email', now(), now(), now()
from auth.users
where email in ('demo@bitwerf.nl', 'staff@bitwerf.nl');
