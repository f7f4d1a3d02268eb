import { getTranslations } from 'next-intl/server';

import { withLocale } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routing';
import { getErrorMessages } from '@/lib/auth/auth-texts';

import { ForgotPasswordForm } from './forgot-password-form';

/** The forgot-password screen's texts, for the client form that shows them. */
export async function ForgotPasswordPanel({ locale }: { locale: Locale }) {
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
