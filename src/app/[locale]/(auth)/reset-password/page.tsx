import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';

import { NewPasswordForm } from '@/components/auth/new-password-form';
import { withLocale } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routing';
import { resetPassword } from '@/lib/auth/actions/password';
import { getErrorMessages } from '@/lib/auth/auth-texts';
import { getServerSession, signInPath } from '@/lib/auth/server-session';
import { PASSWORD_MIN_LENGTH } from '@/lib/auth/validation';
import { privatePageMetadata } from '@/lib/seo/page-metadata';

type PageProps = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ link?: string | string[] }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'auth.meta' });
  return privatePageMetadata(t('resetPassword'));
}

/**
 * Opened from the recovery e-mail (via /auth/confirm, which signed the user in). Without a
 * session, /auth/confirm's `?link=` says why: a link that was held back by the rate limit or
 * an outage was not spent and can be opened again; any other is dead.
 */
export default async function ResetPasswordPage({ params, searchParams }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('auth.reset');
  const session = await getServerSession();
  // A user with two-factor gives the code first; the provider refuses the change otherwise.
  if (session.state === 'needsCode') redirect(signInPath(locale, withLocale('/reset-password', locale)));

  if (session.state === 'anonymous') {
    const { link } = await searchParams;
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
          <Link href={withLocale('/forgot-password', locale)} className="inline-flex min-h-12 items-center rounded-full bg-fg px-7 py-3 font-semibold text-page">
            {t('requestNew')}
          </Link>
        </p>
      </>
    );
  }

  return (
    <>
      <h1 className="text-3xl md:text-4xl">{t('title')}</h1>
      <p className="mt-3 mb-8 text-base text-muted">{t('intro', { email: session.user.email ?? '' })}</p>
      <NewPasswordForm
        idPrefix="reset"
        action={resetPassword}
        errors={await getErrorMessages()}
        texts={{
          password: t('password'),
          confirm: t('confirm'),
          hint: t('hint', { min: PASSWORD_MIN_LENGTH }),
          submit: t('submit'),
          pending: t('pending'),
        }}
        done={
          <div>
            <h2 className="text-2xl">{t('doneTitle')}</h2>
            <p className="mt-3 text-base text-muted">{t('done')}</p>
            <p className="mt-8">
              <Link href={withLocale('/account', locale)} className="inline-flex min-h-12 items-center rounded-full bg-fg px-7 py-3 font-semibold text-page">
                {t('toAccount')}
              </Link>
            </p>
          </div>
        }
      />
    </>
  );
}
