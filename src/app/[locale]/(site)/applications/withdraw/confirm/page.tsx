import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';

import { WithdrawPanel } from '@/components/applications/withdraw-panel';
import type { Locale } from '@/i18n/routing';
import { findWithdrawable } from '@/lib/applications/withdraw';
import { privatePageMetadata } from '@/lib/seo/page-metadata';
import { confirmWithdrawal } from './actions';

type PageProps = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'applications.withdraw' });
  return privatePageMetadata(t('metaTitle'));
}

/** Opened from the confirmation mail's link; nothing is deleted until the applicant confirms. */
export default async function WithdrawPage({ params, searchParams }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { token } = await searchParams;
  return <WithdrawPanel application={await findWithdrawable(token)} action={confirmWithdrawal.bind(null, token)} />;
}
