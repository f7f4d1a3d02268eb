import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';

import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';
import { withLocale } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routing';
import { getErrorMessages } from '@/lib/auth/auth-texts';
import { privatePageMetadata } from '@/lib/seo/page-metadata';

type PageProps = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'auth.meta' });
  return privatePageMetadata(t('forgotPassword'));
}

export default async function ForgotPasswordPage({ params }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('auth.forgot');
  return (
    <ForgotPasswordForm
      signInHref={withLocale('/sign-in', locale)}
      errors={await getErrorMessages()}
      texts={{
        title: t('title'),
        intro: t('intro'),
        email: t('email'),
        submit: t('submit'),
        pending: t('pending'),
        sentTitle: t('sentTitle'),
        // ICU would format {email} here; the form fills it in, so the placeholder is passed through.
        sent: t('sent', { email: '{email}' }),
        backToSignIn: t('backToSignIn'),
      }}
    />
  );
}
