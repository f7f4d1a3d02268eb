'use server';

import { withdrawApplication, type WithdrawOutcome } from '@/lib/applications/withdraw';

/**
 * The withdraw page's confirm button. A server action is a public endpoint, so the token is
 * typed `unknown` and checked like any other (readWithdrawToken); the previous state is not used.
 */
export async function confirmWithdrawal(token: unknown, _previous: unknown, _form: unknown): Promise<{ outcome: WithdrawOutcome | null }> {
  return { outcome: await withdrawApplication(token) };
}
