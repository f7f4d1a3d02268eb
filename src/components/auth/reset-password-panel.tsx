import Link from 'next/link';
import { getTranslations } from 'next-intl/server';

import { buttonClass } from '@/components/ui/button-styles';
import { withLocale } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routing';
import { textsOf } from '@/i18n/texts-of';
import { resetPassword } from '@/lib/auth/actions/password';
import { getErrorMessages } from '@/lib/auth/auth-texts';
import { PASSWORD_MIN_LENGTH } from '@/lib/auth/input-limits';

import { NewPasswordForm } from './new-password-form';

/** The reset screen of a signed-in recovery session: a new password for `email`. */
export async function ResetPasswordPanel({ locale, email }: { locale: Locale; email: string }) {
  const t = await getTranslations('auth.reset');
  return (
    <>
      <h1 className="text-3xl md:text-4xl">{t('title')}</h1>
      <p className="mt-3 mb-8 text-base text-muted">{t('intro', { email })}</p>
      <NewPasswordForm
        idPrefix="reset"
        action={resetPassword}
        errors={await getErrorMessages()}
        texts={{ ...textsOf(t, ['password', 'confirm', 'submit', 'pending']), hint: t('hint', { min: PASSWORD_MIN_LENGTH }) }}
        done={
          <div>
            <h2 className="text-2xl">{t('doneTitle')}</h2>
            <p className="mt-3 text-base text-muted">{t('done')}</p>
            <p className="mt-8">
              <Link href={withLocale('/account', locale)} className={buttonClass({ size: 'lg' })}>
                {t('toAccount')}
              </Link>
            </p>
          </div>
        }
      />
    </>
  );
}

/**
 * The reset screen without a session: `link` (from /auth/confirm) says why. A link that was held
 * back by the rate limit or an outage was not spent and can be opened again; any other is dead.
 */
export async function ResetLinkUnusable({ locale, link }: { locale: Locale; link: string | string[] | undefined }) {
  const t = await getTranslations('auth.reset');
  const tErrors = await getTranslations('auth.errors');
  const [title, text] =
    link === 'limited'
      ? [t('limitedTitle'), t('limited')]
      : link === 'unavailable'
        ? [t('unavailableTitle'), tErrors('unavailable')]
        : [t('noSessionTitle'), t('noSession')];
  return (
    <>
      <h1 className="text-3xl md:text-4xl">{title}</h1>
      <p className="mt-3 text-base text-muted">{text}</p>
      <p className="mt-8">
        <Link href={withLocale('/forgot-password', locale)} className={buttonClass({ size: 'lg' })}>
          {t('requestNew')}
        </Link>
      </p>
    </>
  );
}
