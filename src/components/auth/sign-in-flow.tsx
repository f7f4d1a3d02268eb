'use client';

import Link from 'next/link';
import { useActionState } from 'react';

import { signInWithPassword, type SignInState } from '@/lib/auth/actions/sign-in';
import type { ErrorMessages } from '@/lib/auth/form-state';

import { CodeStep, type CodeTexts } from './code-step';
import { AuthForm, AuthHeading, SubmitButton, TextField } from './form-parts';

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
  forgotHref: string;
  signInHref: string;
  signOutAction: string;
  texts: { password: PasswordTexts; code: CodeTexts };
  errors: ErrorMessages;
};

/** The sign-in card: e-mail and password, then, for users with two-factor, the code. */
export function SignInFlow({ next, initialStep, forgotHref, signInHref, signOutAction, texts, errors }: SignInFlowProps) {
  const [state, action] = useActionState(signInWithPassword, { step: initialStep, email: '' });

  if (state.step === 'code') {
    return (
      <CodeStep
        next={next}
        email={state.email}
        texts={texts.code}
        errors={errors}
        signInHref={signInHref}
        signOutAction={signOutAction}
      />
    );
  }

  const t = texts.password;
  const error = state.error;
  const fieldError = (field: 'email' | 'password') => (error?.field === field ? errors[error.key] : undefined);
  return (
    <>
      <AuthHeading title={t.title} intro={t.intro} />
      <AuthForm action={action} error={error} errors={errors} className="mt-8">
        <input type="hidden" name="next" value={next} />
        <TextField
          id="email"
          name="email"
          type="email"
          label={t.email}
          autoComplete="username"
          inputMode="email"
          required
          defaultValue={state.email}
          // A new key after each answer puts the server's value back in the field.
          key={`email-${state.email}`}
          error={fieldError('email')}
        />
        <TextField
          id="password"
          name="password"
          type="password"
          label={t.password}
          autoComplete="current-password"
          required
          error={fieldError('password')}
        />
        <div className="flex flex-wrap items-center justify-between gap-4">
          <SubmitButton label={t.submit} pendingLabel={t.pending} />
          <Link href={forgotHref} className="underline-link text-base">
            {t.forgot}
          </Link>
        </div>
      </AuthForm>
      <p className="mt-8 border-t border-line pt-6 text-sm text-muted">{t.invite}</p>
    </>
  );
}
