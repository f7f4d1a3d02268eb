'use client';

import { useActionState, type ClipboardEvent } from 'react';

import { verifySignInCode } from '@/lib/auth/actions/sign-in';
import type { ErrorMessages } from '@/lib/auth/form-state';
import { OTP_LENGTH } from '@/lib/auth/otp';

import { AuthForm, AuthHeading, SubmitButton, TextField } from './form-parts';

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

/**
 * Keeps a pasted "123 456" readable in a field of OTP_LENGTH (+ room for a
 * separator); the server normalizes what is sent either way.
 */
function tidyPaste(event: ClipboardEvent<HTMLInputElement>) {
  const pasted = event.clipboardData.getData('text');
  const digits = pasted.replace(/\D/g, '');
  if (digits.length !== OTP_LENGTH) return;
  event.preventDefault();
  event.currentTarget.value = digits;
}

/** Step two of sign-in: the 6-digit code from the authenticator app. */
export function CodeStep({ next, email, signOutAction, signInHref, texts: t, errors }: CodeStepProps) {
  const [state, action] = useActionState(verifySignInCode, { step: 'code', email });
  const error = state.error;

  return (
    <>
      <AuthHeading title={t.title} intro={t.intro} />
      <AuthForm action={action} error={error} errors={errors} className="mt-8">
        <input type="hidden" name="next" value={next} />
        <TextField
          id="code"
          name="code"
          label={t.label}
          hint={t.hint}
          inputMode="numeric"
          autoComplete="one-time-code"
          // Room for "123 456" or "123-456"; the digits are what count.
          maxLength={OTP_LENGTH + 4}
          autoFocus
          required
          onPaste={tidyPaste}
          className="max-w-56 [&_input]:text-2xl [&_input]:tracking-[0.3em]"
          error={error?.field === 'code' ? errors[error.key] : undefined}
        />
        <div className="flex flex-wrap items-center justify-between gap-4">
          <SubmitButton label={t.submit} pendingLabel={t.pending} />
        </div>
      </AuthForm>
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
