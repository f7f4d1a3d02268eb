import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { cache } from 'react';

import { WithdrawPanel } from '@/components/applications/withdraw-panel';
import type { Locale } from '@/i18n/routing';
import { findWithdrawable } from '@/lib/applications/withdraw';
import { redeemedWithdrawToken } from '@/lib/applications/withdraw-link';
import { privatePageMetadata } from '@/lib/seo/page-metadata';

import { confirmWithdrawal } from './actions';

type PageProps = { params: Promise<{ locale: Locale }> };

/** The title and the page read the redeemed link once per request. */
const withdrawable = cache(async () => findWithdrawable(await redeemedWithdrawToken()));

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const [t, found] = await Promise.all([
    getTranslations({ locale: (await params).locale, namespace: 'applications.withdraw' }),
    withdrawable(),
  ]);
  // The title names the page shown (WCAG 2.4.2): a dead link says so from the first word heard.
  return privatePageMetadata(found === null ? t('invalidTitle') : t('metaTitle'));
}

/**
 * Reached from the mailed link through /applications/withdraw, which put its token in a cookie;
 * the address holds no secret. Nothing is deleted until the applicant confirms.
 */
export default async function WithdrawPage({ params }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <WithdrawPanel application={await withdrawable()} action={confirmWithdrawal} />;
}
