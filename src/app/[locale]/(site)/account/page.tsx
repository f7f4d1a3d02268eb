import { getTranslations, setRequestLocale } from 'next-intl/server';

import { AccountSection } from '@/components/auth/account-section';
import { PasswordSection } from '@/components/auth/password-section';
import { SignInMethodsSection } from '@/components/auth/sign-in-methods-section';
import { SignOutForm } from '@/components/auth/sign-out-form';
import { TwoFactorSection } from '@/components/auth/two-factor-section';
import { ContentEditorLink } from '@/components/content-editor/content-link';
import { StaffAccountNotice } from '@/components/inbox/staff-account-notice';
import { StuckMailsSection } from '@/components/mail/stuck-mails-section';
import { ApplicationsLink, CompanyDetailsLink, RightsLink, StaffAdminLink } from '@/components/staff/staff-page-links';
import { Container } from '@/components/ui/container';
import { withLocale } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routing';
import { requireSignedIn } from '@/lib/auth/server-session';
import { formatDateTime } from '@/lib/locale-format';
import { privatePageTitle } from '@/lib/seo/page-metadata';

type PageProps = { params: Promise<{ locale: Locale }> };

export const generateMetadata = privatePageTitle('account.meta.title');

export default async function AccountPage({ params }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  // IMPORTANT: the server decides; anonymous visitors and aal1 sessions of two-factor users go to sign-in.
  const { user, supabase } = await requireSignedIn(locale, '/account');
  const t = await getTranslations('account');

  return (
    <Container className="py-12 md:py-20">
      <h1 className="text-4xl md:text-5xl">{t('title')}</h1>
      <div className="mt-10 grid max-w-3xl gap-6 md:mt-14">
        <StaffAccountNotice user={user} />
        <ApplicationsLink user={user} />
        <ContentEditorLink user={user} />
        <StuckMailsSection user={user} supabase={supabase} locale={locale} />
        <RightsLink user={user} />
        <StaffAdminLink user={user} />
        <CompanyDetailsLink user={user} />
        <AccountSection title={t('details.title')}>
          <dl className="grid gap-4 sm:grid-cols-[12rem_1fr]">
            <dt className="text-sm font-semibold text-muted">{t('details.email')}</dt>
            <dd className="break-all">{user.email}</dd>
            <dt className="text-sm font-semibold text-muted">{t('details.lastSignIn')}</dt>
            <dd>{user.last_sign_in_at ? formatDateTime(user.last_sign_in_at, locale) : t('details.never')}</dd>
          </dl>
        </AccountSection>

        <SignInMethodsSection user={user} locale={locale} />
        <PasswordSection />
        <TwoFactorSection user={user} locale={locale} />

        <AccountSection title={t('signOut.title')} intro={t('signOut.intro')}>
          <SignOutForm action={withLocale('/auth/sign-out', locale)} label={t('signOut.submit')} />
        </AccountSection>
      </div>
    </Container>
  );
}
