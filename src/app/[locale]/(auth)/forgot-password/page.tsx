import { setRequestLocale } from 'next-intl/server';

import { ForgotPasswordPanel } from '@/components/auth/forgot-password-panel';
import type { Locale } from '@/i18n/routing';
import { privatePageTitle } from '@/lib/seo/page-metadata';

type PageProps = { params: Promise<{ locale: Locale }> };

export const generateMetadata = privatePageTitle('auth.meta.forgotPassword');

export default async function ForgotPasswordPage({ params }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <ForgotPasswordPanel locale={locale} />;
}
