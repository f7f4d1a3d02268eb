import { getTranslations } from 'next-intl/server';

import { withLocale } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routing';
import { textsOf } from '@/i18n/texts-of';
import type { SignInState } from '@/lib/auth/actions/sign-in';
import { getErrorMessages } from '@/lib/auth/auth-texts';
import type { OAuthFailure } from '@/lib/auth/oauth/flow';

import { OAuthProviders } from './oauth-providers';
import { SignInFlow } from './sign-in-flow';

type SignInPanelProps = {
  locale: Locale;
  /** Where to go after signing in, already checked by safeNextPath. */
  next: string;
  initialStep: SignInState['step'];
  /** At the "code" step: the second factors to choose from (signInChoices). */
  initialChoices?: SignInState['choices'];
  /** Why an external sign-in brought the visitor back here, if it did. */
  failure?: OAuthFailure;
};

/** The sign-in card's texts and links, for the client flow that shows them. */
export async function SignInPanel({ locale, next, initialStep, initialChoices, failure }: SignInPanelProps) {
  const t = await getTranslations('auth');
  const phone = await getTranslations('auth.code.phone');
  return (
    <SignInFlow
      next={next}
      initialStep={initialStep}
      initialChoices={initialChoices}
      initialError={failure ? { key: failure } : undefined}
      otherWays={<OAuthProviders locale={locale} next={next} />}
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
          phone: textsOf(phone, ['chooseIntro', 'choices', 'app', 'sending', 'label', 'resend', 'otherWay']),
        },
      }}
    />
  );
}
