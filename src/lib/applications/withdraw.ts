import 'server-only';

import { talentPoolExit, type TalentPoolExit } from '@/lib/recruiting/application-status';
import { deleteApplications } from '@/lib/recruiting/delete-applications';
import { createAdminClient } from '@/lib/supabase/admin';

import { readWithdrawToken } from './withdraw-token';

/**
 * What the withdraw page shows before the applicant confirms. `talentPool` is what leaving only the
 * talent pool would lead to (null when the application is not in it): the page says so before the click.
 */
export type Withdrawable = { id: string; vacancyTitle: string | null; receivedAt: string; talentPool: TalentPoolExit | null };

/**
 * The application a withdraw link names, if the link is valid and the application still exists.
 * Read with the service role: the link itself is the applicant's proof, and it names one row.
 */
export async function findWithdrawable(token: unknown): Promise<Withdrawable | null> {
  const id = await readWithdrawToken(token);
  if (id === null) return null;
  const { data, error } = await createAdminClient()
    .from('applications')
    .select('id, vacancy_title, created_at, talent_pool, status, procedure_ended_at')
    .eq('id', id)
    .maybeSingle();
  if (error) {
    console.error('[applications] withdraw lookup failed:', error.code);
    return null;
  }
  if (data === null) return null;
  return {
    id: data.id,
    vacancyTitle: data.vacancy_title,
    receivedAt: data.created_at,
    // Hired, the talent pool no longer keeps the application (applications_past_retention()), so there is nothing to leave.
    talentPool: data.talent_pool && data.status !== 'hired' ? talentPoolExit(data) : null,
  };
}

/** 'left-and-deleted': the consent was withdrawn after the four weeks past the procedure, so the application went with it. */
export type WithdrawOutcome = 'withdrawn' | 'left-talent-pool' | 'left-and-deleted' | 'invalid' | 'failed';

/**
 * Deletes the application a valid link names, with its files and notes, at once (the AVG's right
 * to erasure, self-service). A link for an application that is already gone counts as invalid.
 */
export async function withdrawApplication(token: unknown): Promise<WithdrawOutcome> {
  const found = await findWithdrawable(token);
  if (found === null) return 'invalid';
  const result = await deleteApplications([found.id]);
  // A failed deletion stays marked and hidden from staff; the next purge finishes it.
  return result.failed.length === 0 ? 'withdrawn' : 'failed';
}

/**
 * Takes the application a valid link names out of the talent pool and leaves the application
 * itself (withdrawing consent, AVG art. 7(3), need not end a running procedure). From then on
 * applications_past_retention() applies the four-week rule to it. When those four weeks are already
 * past, the application is deleted here and now, as the page said before the click, rather than by
 * the next retention run.
 */
export async function leaveTalentPool(token: unknown): Promise<WithdrawOutcome> {
  const found = await findWithdrawable(token);
  if (found === null) return 'invalid';
  const { error } = await createAdminClient().from('applications').update({ talent_pool: false }).eq('id', found.id);
  if (error) {
    console.error('[applications] leaving the talent pool failed:', error.code);
    return 'failed';
  }
  if (found.talentPool?.when !== 'now') return 'left-talent-pool';
  // Out of the pool, the next retention run would delete it anyway: a failure here is finished there.
  const result = await deleteApplications([found.id]);
  return result.failed.length === 0 ? 'left-and-deleted' : 'left-talent-pool';
}
