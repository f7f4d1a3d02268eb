'use client';

import { useActionState } from 'react';

import { ActionForm } from '@/components/forms/action-form';
import { SubmitButton } from '@/components/forms/submit-button';
import { verifySignInCode } from '@/lib/auth/actions/sign-in';
import type { ErrorMessages } from '@/lib/auth/form-errors';

import { CodeField, authFormClass } from './auth-fields';
import { AuthHeading } from './auth-heading';

export type CodeTexts = {
  title: string;
  intro: string;
  label: string;
  hint: string;
  submit: string;
  pending: string;
  otherAccount: string;
};

type CodeStepProps = {
  next: string;
  email: string;
  /** The sign-out route; "another account" ends the half-finished session and returns to sign-in. */
  signOutAction: string;
  signInHref: string;
  texts: CodeTexts;
  errors: ErrorMessages;
};

/** Step two of sign-in: the 6-digit code from the authenticator app. */
export function CodeStep({ next, email, signOutAction, signInHref, texts: t, errors }: CodeStepProps) {
  const [state, action] = useActionState(verifySignInCode, { step: 'code', email });
  const error = state.error;

  return (
    <>
      <AuthHeading title={t.title} intro={t.intro} />
      <ActionForm action={action} error={error} errorTexts={errors} className={`mt-8 ${authFormClass}`}>
        <input type="hidden" name="next" value={next} />
        <CodeField
          id="code"
          label={t.label}
          hint={t.hint}
          autoFocus
          className="[&_input]:text-2xl"
          error={error?.field === 'code' ? error.key : undefined}
          errors={errors}
        />
        <div className="flex flex-wrap items-center justify-between gap-4">
          <SubmitButton label={t.submit} pendingLabel={t.pending} />
        </div>
      </ActionForm>
      {/* Going back means signing out the half-finished session first. */}
      <form method="post" action={signOutAction} className="mt-8 border-t border-line pt-6">
        <input type="hidden" name="next" value={signInHref} />
        <button type="submit" className="underline-link text-sm">
          {t.otherAccount}
        </button>
      </form>
    </>
  );
}
