import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';

import { AccountSection } from '@/components/auth/account-section';
import { NewPasswordForm } from '@/components/auth/new-password-form';
import { FactorList } from '@/components/auth/factor-list';
import { SignOutForm } from '@/components/auth/sign-out-form';
import { TotpEnrolment } from '@/components/auth/totp-enrolment';
import { StaffAccountNotice } from '@/components/inbox/staff-account-notice';
import { Container } from '@/components/ui/container';
import { withLocale } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routing';
import { changePassword } from '@/lib/auth/actions/password';
import { getErrorMessages } from '@/lib/auth/auth-texts';
import { requireSignedIn } from '@/lib/auth/server-session';
import { PASSWORD_MIN_LENGTH } from '@/lib/auth/validation';
import { formatDateTime } from '@/lib/content/locale-format';
import { privatePageMetadata } from '@/lib/seo/page-metadata';

type PageProps = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'account.meta' });
  return privatePageMetadata(t('title'));
}

export default async function AccountPage({ params }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  // IMPORTANT: the server decides; anonymous visitors and aal1 sessions of two-factor users go to sign-in.
  const { user } = await requireSignedIn(locale, '/account');
  const t = await getTranslations('account');
  const errors = await getErrorMessages();
  const factors = (user.factors ?? []).filter((factor) => factor.status === 'verified');

  return (
    <Container className="py-12 md:py-20">
      <h1 className="text-4xl md:text-5xl">{t('title')}</h1>
      <div className="mt-10 grid max-w-3xl gap-6 md:mt-14">
        <StaffAccountNotice user={user} />
        <AccountSection title={t('details.title')}>
          <dl className="grid gap-4 sm:grid-cols-[12rem_1fr]">
            <dt className="text-sm font-semibold text-muted">{t('details.email')}</dt>
            <dd className="break-all">{user.email}</dd>
            <dt className="text-sm font-semibold text-muted">{t('details.lastSignIn')}</dt>
            <dd>{user.last_sign_in_at ? formatDateTime(user.last_sign_in_at, locale) : t('details.never')}</dd>
          </dl>
        </AccountSection>

        <AccountSection title={t('password.title')} intro={t('password.intro')}>
          <NewPasswordForm
            idPrefix="change"
            action={changePassword}
            errors={errors}
            texts={{
              current: t('password.current'),
              password: t('password.new'),
              confirm: t('password.confirm'),
              hint: t('password.hint', { min: PASSWORD_MIN_LENGTH }),
              submit: t('password.submit'),
              pending: t('password.pending'),
            }}
            done={
              <p className="border-l-4 border-emerald-700 px-4 py-3 text-sm dark:border-emerald-300">
                {t('password.done')}
              </p>
            }
          />
        </AccountSection>

        <AccountSection
          title={t('mfa.title')}
          intro={t('mfa.intro')}
          badge={factors.length > 0 ? t('mfa.on') : t('mfa.off')}
          badgeOn={factors.length > 0}
        >
          <FactorList
            factors={factors.map((factor) => {
              const name = factor.friendly_name || t('mfa.defaultName');
              return {
                id: factor.id,
                name,
                added: t('mfa.factorAdded', { date: formatDateTime(factor.created_at, locale) }),
                removeLabel: t('mfa.removeLabel', { name }),
                confirm: t('mfa.confirmRemove', { name }),
              };
            })}
            errors={errors}
            texts={{
              title: t('mfa.factors'),
              remove: t('mfa.remove'),
              confirmSubmit: t('mfa.confirmRemoveSubmit'),
              keep: t('mfa.keep'),
              removing: t('mfa.removing'),
              removed: t('mfa.removed'),
            }}
          />
          <TotpEnrolment
            errors={errors}
            texts={{
              start: t('mfa.start'),
              starting: t('mfa.starting'),
              scan: t('mfa.scan'),
              qrAlt: t('mfa.qrAlt'),
              manual: t('mfa.manual'),
              secret: t('mfa.secret'),
              copy: t('mfa.copy'),
              copied: t('mfa.copied'),
              code: t('mfa.code'),
              verify: t('mfa.verify'),
              verifying: t('mfa.verifying'),
              cancel: t('mfa.cancel'),
              enabled: t('mfa.enabled'),
            }}
          />
        </AccountSection>

        <AccountSection title={t('signOut.title')} intro={t('signOut.intro')}>
          <SignOutForm action={withLocale('/auth/sign-out', locale)} label={t('signOut.submit')} />
        </AccountSection>
      </div>
    </Container>
  );
}
