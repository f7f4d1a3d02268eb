import { redirect } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';

import { SignInPanel } from '@/components/auth/sign-in-panel';
import { withLocale } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routing';
import { isOAuthFailure } from '@/lib/auth/oauth/flow';
import { getServerSession } from '@/lib/auth/server-session';
import { signInChoices } from '@/lib/auth/sign-in-choices';
import { safeNextPath } from '@/lib/security/safe-redirect';
import { privatePageTitle } from '@/lib/seo/page-metadata';

type PageProps = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<{ next?: string | string[]; error?: string | string[] }>;
};

export const generateMetadata = privatePageTitle('auth.meta.signIn');

export default async function SignInPage({ params, searchParams }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const query = await searchParams;
  const next = safeNextPath(query.next, withLocale('/account', locale));
  const session = await getServerSession();
  // Already fully signed in: nothing to do here.
  if (session.state === 'signedIn') redirect(next);

  const initialStep = session.state === 'needsCode' ? 'code' : 'password';
  // Only a reason the site itself names is shown; anything else in the address is ignored.
  const failure = isOAuthFailure(query.error) && initialStep === 'password' ? query.error : undefined;
  const initialChoices = session.state === 'needsCode' ? await signInChoices(session.user, locale) : undefined;
  return <SignInPanel locale={locale} next={next} initialStep={initialStep} initialChoices={initialChoices} failure={failure} />;
}
