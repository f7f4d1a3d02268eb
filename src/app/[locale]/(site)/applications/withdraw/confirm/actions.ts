'use server';

import { LEAVE_TALENT_POOL_INTENT } from '@/lib/applications/application-fields';
import { leaveTalentPool, withdrawApplication, type WithdrawOutcome } from '@/lib/applications/withdraw';
import { redeemedWithdrawToken } from '@/lib/applications/withdraw-link';

/**
 * The confirm page's buttons: withdraw the application, or (intent=leave-talent-pool) only leave the talent pool. The token comes from the cookie the mailed link set, never from the
 * request body: a server action is a public endpoint, and its arguments are whatever was posted.
 * The cookie is left to expire: clearing it here would re-render the page before the applicant
 * reads that it worked, and once the application is gone the token opens nothing.
 */
export async function confirmWithdrawal(_previous: unknown, form: unknown): Promise<{ outcome: WithdrawOutcome | null }> {
  const token = await redeemedWithdrawToken();
  // An intent we do not know is refused, never read as the other button.
  const intent = form instanceof FormData ? form.get('intent') : null;
  if (intent === LEAVE_TALENT_POOL_INTENT) return { outcome: await leaveTalentPool(token) };
  if (intent !== null) return { outcome: 'invalid' };
  return { outcome: await withdrawApplication(token) };
}
