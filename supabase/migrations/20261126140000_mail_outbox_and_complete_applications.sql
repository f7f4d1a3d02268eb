-- Two promises that used to break when something failed at the wrong moment:
--
-- 1. An applicant told "received" gets the confirmation (with the withdraw link), and recruiting
--    gets its notice, even when the mail server or the site's server fails right then. The mails
--    are queued here in the same transaction that completes the application, and the site sends
--    and retries them (src/lib/mail/mail-outbox.ts), from the request that stored the application
--    and from the scheduled tick.
-- 2. No application is kept half-written. The server writes the row, then its files, then marks
--    the row complete; a row that never got that mark is invisible to staff and retention removes
--    it a quarter of an hour after it arrived.

-- 1. Complete applications. Rows written before this migration were complete once they existed
--    (adding the column with its default marks them so, without firing any trigger); the site's
--    server now inserts with completed_at null and sets it after the files are stored.
alter table public.applications
  add column completed_at timestamptz default now(),
  add constraint applications_completed_after_arrival check (completed_at >= created_at - interval '5 minutes');

drop policy "Recruiting staff can read live applications." on public.applications;
create policy "Recruiting staff can read live applications."
  on public.applications for select
  to authenticated
  using ((select public.has_staff_role('recruiting')) and deletion_requested_at is null and completed_at is not null);

create or replace function public.applications_past_retention()
returns setof uuid
language sql
stable
set search_path = ''
as $$
  select a.id
  from public.applications a
  where a.deletion_requested_at is not null
     or (not a.talent_pool and a.procedure_ended_at <= now() - interval '4 weeks')
     or a.created_at <= now() - interval '1 year'
     -- Half-written: the server that wrote the row died (or failed) before its files were stored.
     -- A quarter of an hour is far longer than any upload may take (a form is cut off after two minutes).
     or (a.completed_at is null and a.created_at <= now() - interval '15 minutes')
  order by a.created_at, a.id
$$;

-- 2. The mail outbox. A row names its application and which mail; the address, language and
--    content are read from the application when the mail is sent, so nothing personal is copied
--    here and a withdrawn (deleted) application takes its unsent mails with it.
create table public.mail_outbox (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  kind text not null check (kind in ('application_received', 'application_notification')),
  application_id uuid not null references public.applications (id) on delete cascade,
  -- pending: waiting for next_attempt_at; sending: claimed by one sender until lease_until;
  -- sent: accepted by the mail server, never sent again; failed: gave up after the last attempt.
  state text not null default 'pending' check (state in ('pending', 'sending', 'sent', 'failed')),
  attempts integer not null default 0 check (attempts between 0 and 100),
  next_attempt_at timestamptz not null default now(),
  lease_until timestamptz,
  -- The mailer's failure code (ECONNECTION, EAUTH, …), never a message: those can quote addresses.
  last_error text check (last_error ~ '^[A-Z][A-Z0-9_]{1,31}$'),
  sent_at timestamptz,
  constraint mail_outbox_one_per_kind unique (application_id, kind),
  constraint mail_outbox_sent_iff_sent_at check ((state = 'sent') = (sent_at is not null)),
  constraint mail_outbox_lease_iff_sending check ((state = 'sending') = (lease_until is not null))
);
create index mail_outbox_due_idx on public.mail_outbox (next_attempt_at) where state in ('pending', 'sending');

alter table public.mail_outbox enable row level security;
revoke all on public.mail_outbox from anon, authenticated;
grant select on public.mail_outbox to authenticated;
-- Admins see what is stuck (the account page); the rows hold ids and codes, no personal data.
create policy "Admins can read the mail outbox."
  on public.mail_outbox for select
  to authenticated
  using ((select public.has_staff_role('admin')));

-- Completing an application queues its mails in the same transaction: either both are stored or
-- neither is, so an application that counts as received always has its mails on their way.
create function public.queue_application_mails() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.completed_at is not null and (tg_op = 'INSERT' or old.completed_at is null) then
    insert into public.mail_outbox (kind, application_id)
    values ('application_received', new.id), ('application_notification', new.id)
    on conflict on constraint mail_outbox_one_per_kind do nothing;
  end if;
  return null;
end;
$$;
revoke execute on function public.queue_application_mails() from public, anon, authenticated;

create trigger queue_application_mails
  after insert or update of completed_at on public.applications
  for each row
  execute function public.queue_application_mails();

-- Hands up to max_rows due mails to one sender: pending ones whose time has come, and ones whose
-- sender's lease ran out (it died or hung). Skip locked, so two senders never get the same row;
-- the attempt count is the claim's fencing token (see mail-outbox.ts).
create function public.claim_mail_outbox(max_rows integer, lease_seconds integer)
returns table (id uuid, kind text, application_id uuid, attempts integer)
language sql
set search_path = ''
as $$
  update public.mail_outbox m
  set state = 'sending', attempts = m.attempts + 1, lease_until = now() + make_interval(secs => lease_seconds)
  where m.id in (
    select o.id
    from public.mail_outbox o
    where (o.state = 'pending' and o.next_attempt_at <= now())
       or (o.state = 'sending' and o.lease_until <= now())
    order by o.next_attempt_at, o.id
    limit greatest(0, least(max_rows, 100))
    for update skip locked
  )
  returning m.id, m.kind, m.application_id, m.attempts
$$;
revoke execute on function public.claim_mail_outbox(integer, integer) from public, anon, authenticated;
grant execute on function public.claim_mail_outbox(integer, integer) to service_role;
