'use client';

import Link from 'next/link';
import { useActionState, type ReactNode } from 'react';

import { ActionForm } from '@/components/forms/action-form';
import { SubmitButton } from '@/components/forms/submit-button';
import { signInWithPassword, type SignInState } from '@/lib/auth/actions/sign-in';
import type { ErrorMessages, FormError } from '@/lib/auth/form-errors';

import { EmailField, PasswordField, authFormClass } from './auth-fields';
import { AuthHeading } from './auth-heading';
import { CodeStep, type CodeTexts } from './code-step';

export type PasswordTexts = {
  title: string;
  intro: string;
  email: string;
  password: string;
  submit: string;
  pending: string;
  forgot: string;
  invite: string;
};

type SignInFlowProps = {
  /** Where to go after signing in; checked again on the server. */
  next: string;
  /** "code" when the visitor already gave the password and only the second factor is missing. */
  initialStep: SignInState['step'];
  /** At the "code" step: the second factors to choose from. */
  initialChoices?: SignInState['choices'];
  /** Shown above the form on arrival, e.g. why an external sign-in did not work. */
  initialError?: FormError;
  /** The other ways in (external providers), rendered on the server, below the password form. */
  otherWays?: ReactNode;
  forgotHref: string;
  signInHref: string;
  signOutAction: string;
  texts: { password: PasswordTexts; code: CodeTexts };
  errors: ErrorMessages;
};

/** The sign-in card: e-mail and password, then, for users with two-factor, the code. */
export function SignInFlow({
  next,
  initialStep,
  initialChoices,
  initialError,
  otherWays,
  forgotHref,
  signInHref,
  signOutAction,
  texts,
  errors,
}: SignInFlowProps) {
  const [state, action] = useActionState(signInWithPassword, {
    step: initialStep,
    email: '',
    choices: initialChoices,
    error: initialError,
  });

  if (state.step === 'code') {
    return (
      <CodeStep
        next={next}
        email={state.email}
        choices={state.choices}
        texts={texts.code}
        errors={errors}
        signInHref={signInHref}
        signOutAction={signOutAction}
      />
    );
  }

  const t = texts.password;
  const error = state.error;
  const fieldError = (field: 'email' | 'password') => (error?.field === field ? error.key : undefined);
  return (
    <>
      <AuthHeading title={t.title} intro={t.intro} />
      <ActionForm action={action} error={error} errorTexts={errors} className={`mt-8 ${authFormClass}`}>
        <input type="hidden" name="next" value={next} />
        <EmailField
          id="email"
          label={t.email}
          autoComplete="username"
          defaultValue={state.email}
          error={fieldError('email')}
          errors={errors}
        />
        <PasswordField
          id="password"
          name="password"
          label={t.password}
          autoComplete="current-password"
          error={fieldError('password')}
          errors={errors}
        />
        <div className="flex flex-wrap items-center justify-between gap-4">
          <SubmitButton label={t.submit} pendingLabel={t.pending} />
          <Link href={forgotHref} className="underline-link text-base">
            {t.forgot}
          </Link>
        </div>
      </ActionForm>
      {otherWays}
      <p className="mt-8 border-t border-line pt-6 text-sm text-muted">{t.invite}</p>
    </>
  );
}
