import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';

import { WithdrawPanel } from '@/components/applications/withdraw-panel';
import type { Locale } from '@/i18n/routing';
import { findWithdrawable } from '@/lib/applications/withdraw';
import { redeemedWithdrawToken } from '@/lib/applications/withdraw-link';
import { privatePageMetadata } from '@/lib/seo/page-metadata';
import { confirmWithdrawal } from './actions';

type PageProps = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'applications.withdraw' });
  return privatePageMetadata(t('metaTitle'));
}

/**
 * Reached from the mailed link through /applications/withdraw, which put its token in a cookie;
 * the address holds no secret. Nothing is deleted until the applicant confirms.
 */
export default async function WithdrawPage({ params }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <WithdrawPanel application={await findWithdrawable(await redeemedWithdrawToken())} action={confirmWithdrawal} />;
}
