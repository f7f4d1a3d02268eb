'use server';

import { withdrawApplication, type WithdrawOutcome } from '@/lib/applications/withdraw';
import { redeemedWithdrawToken } from '@/lib/applications/withdraw-link';

/**
 * The confirm page's button. The token comes from the cookie the mailed link set, never from the
 * request body: a server action is a public endpoint, and its arguments are whatever was posted.
 * The cookie is left to expire: clearing it here would re-render the page before the applicant
 * reads that it worked, and once the application is gone the token opens nothing.
 */
export async function confirmWithdrawal(_previous: unknown, _form: unknown): Promise<{ outcome: WithdrawOutcome | null }> {
  return { outcome: await withdrawApplication(await redeemedWithdrawToken()) };
}
