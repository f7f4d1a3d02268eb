import { redirect } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';

import { ResetLinkUnusable, ResetPasswordPanel } from '@/components/auth/reset-password-panel';
import { withLocale } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routing';
import { getServerSession, signInPath } from '@/lib/auth/server-session';
import { privatePageTitle } from '@/lib/seo/page-metadata';

type PageProps = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ link?: string | string[] }> };

export const generateMetadata = privatePageTitle('auth.meta.resetPassword');

/**
 * Opened from the recovery e-mail (via /auth/confirm, which signed the user in). Without a
 * session, /auth/confirm's `?link=` says why the link did not work.
 */
export default async function ResetPasswordPage({ params, searchParams }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const session = await getServerSession();
  // A user with two-factor gives the code first; the provider refuses the change otherwise.
  if (session.state === 'needsCode') redirect(signInPath(locale, withLocale('/reset-password', locale)));
  if (session.state === 'anonymous') return <ResetLinkUnusable locale={locale} link={(await searchParams).link} />;
  return <ResetPasswordPanel locale={locale} email={session.user.email ?? ''} />;
}
