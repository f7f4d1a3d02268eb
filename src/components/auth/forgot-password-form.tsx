'use client';

import Link from 'next/link';
import { useActionState } from 'react';

import { ActionForm } from '@/components/forms/action-form';
import { StatusRegion } from '@/components/forms/status-region';
import { SubmitButton } from '@/components/forms/submit-button';
import { requestPasswordReset } from '@/lib/auth/actions/password';
import type { ErrorMessages } from '@/lib/auth/form-errors';

import { EmailField, authFormClass } from './auth-fields';
import { AuthHeading } from './auth-heading';

export type ForgotTexts = {
  title: string;
  intro: string;
  email: string;
  submit: string;
  pending: string;
  sentTitle: string;
  /** With an {email} placeholder, filled in here because only the form knows the address. */
  sent: string;
  backToSignIn: string;
};

type ForgotPasswordFormProps = { signInHref: string; texts: ForgotTexts; errors: ErrorMessages };

/** Asks for the e-mail address and confirms neutrally that a link is on its way. */
export function ForgotPasswordForm({ signInHref, texts: t, errors }: ForgotPasswordFormProps) {
  const [state, action] = useActionState(requestPasswordReset, { email: '', sent: false });
  const back = (
    <Link href={signInHref} className="underline-link text-base">
      {t.backToSignIn}
    </Link>
  );

  const sent = state.sent && (
    <>
      <h1 className="text-3xl md:text-4xl">{t.sentTitle}</h1>
      <p className="mt-3 text-base text-muted">{t.sent.replace('{email}', state.email)}</p>
      <p className="mt-8">{back}</p>
    </>
  );

  const error = state.error;
  return (
    <StatusRegion message={sent}>
      <AuthHeading title={t.title} intro={t.intro} />
      <ActionForm action={action} error={error} errorTexts={errors} className={`mt-8 ${authFormClass}`}>
        <EmailField
          id="email"
          label={t.email}
          autoComplete="email"
          defaultValue={state.email}
          error={error?.field === 'email' ? error.key : undefined}
          errors={errors}
        />
        <div className="flex flex-wrap items-center justify-between gap-4">
          <SubmitButton label={t.submit} pendingLabel={t.pending} />
          {back}
        </div>
      </ActionForm>
    </StatusRegion>
  );
}
