-- A rights export holds everything the privacy statement lists about an account (security review 3,
-- section 2; copy review F7): its sessions (start, last use, IP address, browser), its second
-- factors and linked sign-in methods (never a secret), its staff enrolment links (never the
-- token's hash), and what it did in the content editor. Read for one account id, which
-- rights_subject_account found by the exact address; the service role only.
create function public.rights_subject_account_details(subject uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'sessions', coalesce((
      select jsonb_agg(jsonb_build_object(
        'started_at', s.created_at,
        'last_used_at', greatest(s.updated_at, s.refreshed_at at time zone 'UTC'),
        'ip_address', host(s.ip),
        'browser', s.user_agent,
        'assurance_level', s.aal,
        'ends_at', s.not_after
      ) order by s.created_at)
      from auth.sessions s where s.user_id = subject), '[]'::jsonb),
    'factors', coalesce((
      select jsonb_agg(jsonb_build_object(
        'type', f.factor_type,
        'name', f.friendly_name,
        'status', f.status,
        'phone', nullif(f.phone, ''),
        'created_at', f.created_at
      ) order by f.created_at)
      from auth.mfa_factors f where f.user_id = subject), '[]'::jsonb),
    'sign_in_methods', coalesce((
      select jsonb_agg(jsonb_build_object(
        'provider', i.provider,
        'email', i.email,
        'linked_at', i.created_at,
        'last_sign_in_at', i.last_sign_in_at
      ) order by i.created_at)
      from auth.identities i where i.user_id = subject), '[]'::jsonb),
    'enrolment_links', coalesce((
      select jsonb_agg(jsonb_build_object(
        'issued_at', e.created_at,
        'expires_at', e.expires_at,
        'used_at', e.used_at
      ) order by e.created_at)
      from public.staff_enrolments e where e.user_id = subject), '[]'::jsonb),
    'content_work', jsonb_build_object(
      'entries_created', (select count(*) from public.content_entries c where c.created_by = subject),
      'revisions', (select count(*) from public.content_revisions r where r.created_by = subject),
      'redirects', (select count(*) from public.content_redirects r where r.created_by = subject),
      'images_uploaded', (select count(*) from public.content_images i where i.created_by = subject),
      'audit', coalesce((
        select jsonb_agg(jsonb_build_object('action', a.action, 'entry_id', a.entry_id, 'locale', a.locale, 'at', a.at) order by a.at)
        from public.content_audit a where a.actor_id = subject), '[]'::jsonb)
    )
  )
$$;

revoke execute on function public.rights_subject_account_details(uuid) from public, anon, authenticated;
grant execute on function public.rights_subject_account_details(uuid) to service_role;

-- The record of earlier requests about the same address, for the export: found by the HMAC the
-- server computes (the address itself is never stored).
create function public.rights_subject_requests(key text)
returns table (kind text, requested_at timestamptz, identity_check text)
language sql
stable
security definer
set search_path = ''
as $$
  select r.kind, r.requested_at, r.identity_check from public.rights_requests r
  where r.subject_key = rights_subject_requests.key
  order by r.requested_at
$$;

revoke execute on function public.rights_subject_requests(text) from public, anon, authenticated;
grant execute on function public.rights_subject_requests(text) to service_role;

-- The record of rights requests is kept five years, as long as a claim about a request can run
-- (art. 3:310 BW), as the privacy statement says (copy review 3, F9); the retention run deletes it after.
create function public.purge_old_rights_requests() returns integer
language sql
volatile
set search_path = ''
as $$
  with gone as (
    delete from public.rights_requests r
      where r.requested_at < now() - interval '5 years'
      returning 1
  )
  select count(*)::integer from gone
$$;

revoke execute on function public.purge_old_rights_requests() from public, anon, authenticated;
grant execute on function public.purge_old_rights_requests() to service_role;
