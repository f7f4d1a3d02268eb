import { redirect } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';

import { SignInPanel } from '@/components/auth/sign-in-panel';
import { withLocale } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routing';
import { getServerSession } from '@/lib/auth/server-session';
import { safeNextPath } from '@/lib/security/safe-redirect';
import { privatePageTitle } from '@/lib/seo/page-metadata';

type PageProps = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ next?: string | string[] }> };

export const generateMetadata = privatePageTitle('auth.meta.signIn');

export default async function SignInPage({ params, searchParams }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const next = safeNextPath((await searchParams).next, withLocale('/account', locale));
  const session = await getServerSession();
  // Already fully signed in: nothing to do here.
  if (session.state === 'signedIn') redirect(next);

  return <SignInPanel locale={locale} next={next} initialStep={session.state === 'needsCode' ? 'code' : 'password'} />;
}
