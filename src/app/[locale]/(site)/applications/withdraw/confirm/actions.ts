'use server';

import { hasLocale } from 'next-intl';
import { getLocale } from 'next-intl/server';

import { routing } from '@/i18n/routing';
import { withdrawApplication, type WithdrawOutcome } from '@/lib/applications/withdraw';
import { forgetWithdrawToken, redeemedWithdrawToken } from '@/lib/applications/withdraw-link';

/**
 * The confirm page's button. The token comes from the cookie the mailed link set, never from the
 * request body: a server action is a public endpoint, and its arguments are whatever was posted.
 * The previous state and the form are not used.
 */
export async function confirmWithdrawal(_previous: unknown, _form: unknown): Promise<{ outcome: WithdrawOutcome | null }> {
  const outcome = await withdrawApplication(await redeemedWithdrawToken());
  const locale = await getLocale();
  if (outcome === 'withdrawn' && hasLocale(routing.locales, locale)) await forgetWithdrawToken(locale);
  return { outcome };
}
