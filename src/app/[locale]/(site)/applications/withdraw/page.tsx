import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { cache } from 'react';

import { WithdrawPanel } from '@/components/applications/withdraw-panel';
import type { Locale } from '@/i18n/routing';
import { findWithdrawable } from '@/lib/applications/withdraw';
import { privatePageMetadata } from '@/lib/seo/page-metadata';
import { confirmWithdrawal } from './actions';

type PageProps = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** The title and the page read the link once per request. */
const withdrawable = cache(findWithdrawable);

export async function generateMetadata({ params, searchParams }: PageProps): Promise<Metadata> {
  const [t, found] = await Promise.all([
    getTranslations({ locale: (await params).locale, namespace: 'applications.withdraw' }),
    searchParams.then(({ token }) => withdrawable(token)),
  ]);
  // The title names the page shown (WCAG 2.4.2): a dead link says so from the first word heard.
  return privatePageMetadata(found === null ? t('invalidTitle') : t('metaTitle'));
}

/** Opened from the confirmation mail's link; nothing is deleted until the applicant confirms. */
export default async function WithdrawPage({ params, searchParams }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { token } = await searchParams;
  return <WithdrawPanel application={await withdrawable(token)} action={confirmWithdrawal.bind(null, token)} />;
}
