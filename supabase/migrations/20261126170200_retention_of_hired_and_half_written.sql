-- Two migrations of the same day each redefined applications_past_retention(), the later one
-- without the earlier one's rule. Both hold: a hired applicant goes four weeks after the procedure,
-- talent pool or not (…_application_rights_for_staff.sql), and an application still incomplete a
-- quarter of an hour after it arrived goes with its files (…_mail_outbox_and_complete_applications.sql).
create or replace function public.applications_past_retention()
returns setof uuid
language sql
stable
set search_path = ''
as $$
  select a.id
  from public.applications a
  where a.deletion_requested_at is not null
     or ((not a.talent_pool or a.status = 'hired') and a.procedure_ended_at <= now() - interval '4 weeks')
     or a.created_at <= now() - interval '1 year'
     -- Half-written: the server that wrote the row died (or failed) before its files were stored.
     -- A quarter of an hour is far longer than any upload may take (a form is cut off after two minutes).
     or (a.completed_at is null and a.created_at <= now() - interval '15 minutes')
  order by a.created_at, a.id
$$;
