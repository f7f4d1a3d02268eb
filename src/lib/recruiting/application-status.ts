import { Constants, type Enums } from '@/lib/supabase/database.types';

// The pipeline an application moves through, in order: the database's enum
// public.application_status. 'hired' and 'rejected' end the procedure.

export const APPLICATION_STATUSES = Constants.public.Enums.application_status;

export type ApplicationStatus = Enums<'application_status'>;

export function isApplicationStatus(value: unknown): value is ApplicationStatus {
  return typeof value === 'string' && (APPLICATION_STATUSES as readonly string[]).includes(value);
}

export function endsProcedure(status: ApplicationStatus): boolean {
  return status === 'hired' || status === 'rejected';
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When the retention purge will delete an application, for staff to see; null while its
 * procedure runs without the talent-pool consent. The rule itself is the database's,
 * public.applications_past_retention(): four weeks after the procedure ended, or with the
 * consent a year after arrival (a calendar year, as Postgres adds `interval '1 year'`).
 */
export function deletionDue(application: { created_at: string; talent_pool: boolean; procedure_ended_at: string | null }): string | null {
  if (application.talent_pool) {
    const due = new Date(application.created_at);
    due.setUTCFullYear(due.getUTCFullYear() + 1);
    return due.toISOString();
  }
  if (application.procedure_ended_at === null) return null;
  return new Date(new Date(application.procedure_ended_at).getTime() + 28 * DAY_MS).toISOString();
}
