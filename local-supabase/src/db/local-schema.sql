-- The backend's own tables (schema local_supabase, invisible to the API roles) added after
-- platform.sql. platform.sql runs once, on a fresh database; this file is idempotent and runs on
-- every start (src/db/local-schema.ts), so an older .local-supabase/ gets it too.

-- The SMS and WhatsApp messages Auth would have sent (src/inbox/phone-inbox.ts).
create table if not exists local_supabase.phone_messages (
  id uuid primary key default gen_random_uuid(),
  "to" text not null,
  channel text not null check (channel in ('sms', 'whatsapp')),
  body text not null,
  otp text not null,
  created_at timestamptz not null default clock_timestamp()
);
