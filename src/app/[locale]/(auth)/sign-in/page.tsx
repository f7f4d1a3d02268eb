import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';

import { SignInFlow } from '@/components/auth/sign-in-flow';
import { withLocale } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routing';
import { getErrorMessages } from '@/lib/auth/auth-texts';
import { safeNextPath } from '@/lib/auth/safe-next';
import { getServerSession } from '@/lib/auth/server-session';
import { privatePageMetadata } from '@/lib/seo/page-metadata';

type PageProps = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ next?: string | string[] }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'auth.meta' });
  return privatePageMetadata(t('signIn'));
}

export default async function SignInPage({ params, searchParams }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const next = safeNextPath((await searchParams).next, withLocale('/account', locale));
  const session = await getServerSession();
  // Already fully signed in: nothing to do here.
  if (session.state === 'signedIn') redirect(next);

  const t = await getTranslations('auth');
  return (
    <SignInFlow
      next={next}
      initialStep={session.state === 'needsCode' ? 'code' : 'password'}
      forgotHref={withLocale('/forgot-password', locale)}
      signInHref={`${withLocale('/sign-in', locale)}?next=${encodeURIComponent(next)}`}
      signOutAction={withLocale('/auth/sign-out', locale)}
      errors={await getErrorMessages()}
      texts={{
        password: {
          title: t('signIn.title'),
          intro: t('signIn.intro'),
          email: t('signIn.email'),
          password: t('signIn.password'),
          submit: t('signIn.submit'),
          pending: t('signIn.pending'),
          forgot: t('signIn.forgot'),
          invite: t('signIn.invite'),
        },
        code: {
          title: t('code.title'),
          intro: t('code.intro'),
          label: t('code.label'),
          hint: t('code.hint'),
          submit: t('code.submit'),
          pending: t('code.pending'),
          otherAccount: t('code.otherAccount'),
        },
      }}
    />
  );
}
