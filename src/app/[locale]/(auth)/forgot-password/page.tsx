import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';

import { ForgotPasswordPanel } from '@/components/auth/forgot-password-panel';
import type { Locale } from '@/i18n/routing';
import { privatePageMetadata } from '@/lib/seo/page-metadata';

type PageProps = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'auth.meta' });
  return privatePageMetadata(t('forgotPassword'));
}

export default async function ForgotPasswordPage({ params }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <ForgotPasswordPanel locale={locale} />;
}
