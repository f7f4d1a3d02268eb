import 'server-only';

import type { Locale } from '@/i18n/routing';
import type { ServerSupabase } from '@/lib/auth/server-session';
import { siteUrl } from '@/lib/env/public';
import { getServerEnv } from '@/lib/env/server';
import { SITE_CAP_TRIP_ROWS, siteCaps, type SiteCapTrip, type SiteCapUse } from '@/lib/site-caps';

import { enrolmentLink, hashEnrolmentToken, newEnrolmentToken } from './enrolment-token';
import { STAFF_ROLES, type StaffRole } from './roles';

/*
 * What admins manage on /account/staff, all through their own session: Postgres answers only
 * admins at aal2 (staff_accounts, issue_staff_enrolment, application_access_log_recent).
 */

export type StaffAccount = {
  id: string;
  email: string;
  roles: StaffRole[];
  enrolledAt: string | null;
  linkExpiresAt: string | null;
};

export type AccessLogEntry = {
  at: string;
  action: 'list' | 'open' | 'download' | 'export';
  applicationId: string;
  actorEmail: string | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value can be an account id (a server action's argument is checked before use). */
export function isAccountId(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** The answer to issuing a link: the link and its expiry, formatted, once; or that it failed. */
export type IssueLinkAnswer = { link?: string; expiresAt?: string; failed?: boolean };

/** How many log entries the page shows. */
export const ACCESS_LOG_ROWS = 100;

function logError(what: string, error: { code?: string; message: string }) {
  console.error(`[staff] could not ${what}:`, error.code ?? '', error.message);
}

/** Every staff account with its roles and enrolment state; null when refused or unreachable. */
export async function listStaffAccounts(supabase: ServerSupabase): Promise<StaffAccount[] | null> {
  const { data, error } = await supabase.rpc('staff_accounts');
  if (error) {
    logError('list staff', error);
    return null;
  }
  return data.map((row) => {
    const roles: unknown = row.staff_roles;
    return {
      id: row.id,
      email: row.email,
      roles: Array.isArray(roles) ? STAFF_ROLES.filter((role) => roles.includes(role)) : [],
      enrolledAt: row.enrolled_at,
      linkExpiresAt: row.link_expires_at,
    };
  });
}

/**
 * Each site-wide cap's use in its current window, and the latest minutes in which one refused
 * visitors (public.site_cap_usage and public.site_cap_trips answer admins at aal2 only). Null when
 * refused or unreachable.
 */
export async function readSiteCaps(supabase: ServerSupabase): Promise<{ caps: SiteCapUse[]; trips: SiteCapTrip[] } | null> {
  const caps = siteCaps(getServerEnv().applicationSiteCap);
  const [uses, trips] = await Promise.all([
    Promise.all(caps.map((cap) => supabase.rpc('site_cap_usage', { cap: cap.bucket, window_seconds: cap.windowSeconds }))),
    supabase
      .from('site_cap_trips')
      .select('cap, minute, last_at, refusals, max_hits')
      .order('last_at', { ascending: false })
      .limit(SITE_CAP_TRIP_ROWS),
  ]);
  const failed = [...uses, trips].find((answer) => answer.error !== null)?.error;
  if (failed) {
    logError('read the site-wide caps', failed);
    return null;
  }
  return {
    caps: caps.map((cap, index) => ({ ...cap, used: Number(uses[index]?.data ?? 0) })),
    trips: (trips.data ?? []).flatMap((row) => {
      const cap = caps.find((known) => known.bucket === row.cap);
      return cap === undefined
        ? []
        : [{ bucket: cap.bucket, minute: row.minute, lastAt: row.last_at, refusals: row.refusals, limit: row.max_hits }];
    }),
  };
}

/** The newest access log entries; null when refused or unreachable. */
export async function recentApplicationAccess(supabase: ServerSupabase): Promise<AccessLogEntry[] | null> {
  const { data, error } = await supabase.rpc('application_access_log_recent', { max_rows: ACCESS_LOG_ROWS });
  if (error) {
    logError('read the access log', error);
    return null;
  }
  return data.flatMap((row) =>
    row.action === 'list' || row.action === 'open' || row.action === 'download' || row.action === 'export'
      ? [{ at: row.at, action: row.action, applicationId: row.application_id, actorEmail: row.actor_email }]
      : [],
  );
}

/**
 * A new enrolment link for a staff account, in the admin's name; earlier unused links of that
 * account stop working. The token exists only in the answer, to be shown once. Null when refused.
 */
export async function issueEnrolmentLink(
  supabase: ServerSupabase,
  staffId: string,
  locale: Locale,
): Promise<{ link: string; expiresAt: string } | null> {
  const token = newEnrolmentToken();
  const { data, error } = await supabase.rpc('issue_staff_enrolment', { staff_id: staffId, token_hash: hashEnrolmentToken(token) });
  if (error) {
    logError('issue an enrolment link', error);
    return null;
  }
  return { link: enrolmentLink(siteUrl, token, locale), expiresAt: data };
}
