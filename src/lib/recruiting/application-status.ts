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
 * When the retention purge will delete an application, for staff to see. The rule is the
 * database's, public.applications_past_retention(): four weeks after the procedure ended
 * (without the talent-pool consent, or once hired), and in any case a year after arrival (a calendar year, as
 * Postgres adds `interval '1 year'`). While a procedure without the consent runs, the day is not
 * known yet: `date` is then the latest it can be, and `known` is false.
 */
export function deletionDue(application: {
  created_at: string;
  talent_pool: boolean;
  status: ApplicationStatus;
  procedure_ended_at: string | null;
}): {
  date: string;
  known: boolean;
} {
  const yearAfterArrival = new Date(application.created_at);
  yearAfterArrival.setUTCFullYear(yearAfterArrival.getUTCFullYear() + 1);
  // Hired, the talent pool's purpose (future vacancies) is spent: the four-week rule applies.
  if (application.talent_pool && application.status !== 'hired') return { date: yearAfterArrival.toISOString(), known: true };
  if (application.procedure_ended_at === null) return { date: yearAfterArrival.toISOString(), known: false };
  const afterProcedure = new Date(new Date(application.procedure_ended_at).getTime() + 28 * DAY_MS);
  return { date: (afterProcedure < yearAfterArrival ? afterProcedure : yearAfterArrival).toISOString(), known: true };
}

/** Whether nobody has changed the status since the application arrived (both are set by the same insert). */
export function statusUnchanged(application: { created_at: string; status_changed_at: string }): boolean {
  return new Date(application.status_changed_at).getTime() === new Date(application.created_at).getTime();
}
