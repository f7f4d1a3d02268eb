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

/**
 * What taking an application out of the talent pool leads to, by the same rule: with the procedure
 * still running, deletion waits for its end ('afterProcedure'); with the procedure ended, deletion
 * comes four weeks after that end ('on'), or at once when those four weeks are already past ('now').
 * The withdraw page and the staff page say which before the click (copy review 3, F2).
 */
export type TalentPoolExit = { when: 'afterProcedure' } | { when: 'on'; date: string } | { when: 'now' };

export function talentPoolExit(
  application: { created_at: string; status: ApplicationStatus; procedure_ended_at: string | null },
  now: Date = new Date(),
): TalentPoolExit {
  const due = deletionDue({ ...application, talent_pool: false });
  if (!due.known) return { when: 'afterProcedure' };
  return new Date(due.date).getTime() <= now.getTime() ? { when: 'now' } : { when: 'on', date: due.date };
}

/** Whether nobody has changed the status since the application arrived (both are set by the same insert). */
export function statusUnchanged(application: { created_at: string; status_changed_at: string }): boolean {
  return new Date(application.status_changed_at).getTime() === new Date(application.created_at).getTime();
}
