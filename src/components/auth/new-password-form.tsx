'use client';

import { useActionState, type ReactNode } from 'react';

import { SuccessMessage } from '@/components/forms/success-message';
import type { NewPasswordState } from '@/lib/auth/actions/password';
import type { ErrorMessages } from '@/lib/auth/form-state';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/lib/auth/validation';

import { AuthForm, SubmitButton, TextField } from './form-parts';

export type NewPasswordTexts = {
  /** The current password's label; the field is shown only with it (the account page, not the reset link). */
  current?: string;
  password: string;
  confirm: string;
  hint: string;
  submit: string;
  pending: string;
};

type NewPasswordFormProps = {
  /** The server action: reset (recovery session) or change (account page). */
  action: (previous: NewPasswordState, formData: FormData) => Promise<NewPasswordState>;
  texts: NewPasswordTexts;
  errors: ErrorMessages;
  /** What to show once the password is saved; it is announced and takes the focus. */
  done: ReactNode;
  idPrefix: string;
};

/** A new password, typed twice (after the current one on the account page). Used by the reset page and the account page. */
export function NewPasswordForm({ action, texts: t, errors, done, idPrefix }: NewPasswordFormProps) {
  const [state, formAction] = useActionState(action, { done: false });
  if (state.done) return <SuccessMessage>{done}</SuccessMessage>;
  const error = state.error;
  const fieldError = (field: 'current' | 'password' | 'confirm') => (error?.field === field ? errors[error.key] : undefined);
  return (
    <AuthForm action={formAction} error={error} errors={errors}>
      {t.current !== undefined && (
        <TextField
          id={`${idPrefix}-current`}
          name="current"
          type="password"
          label={t.current}
          autoComplete="current-password"
          required
          error={fieldError('current')}
        />
      )}
      <TextField
        id={`${idPrefix}-password`}
        name="password"
        type="password"
        label={t.password}
        hint={t.hint}
        autoComplete="new-password"
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        required
        error={fieldError('password')}
      />
      <TextField
        id={`${idPrefix}-confirm`}
        name="confirm"
        type="password"
        label={t.confirm}
        autoComplete="new-password"
        required
        error={fieldError('confirm')}
      />
      <div>
        <SubmitButton label={t.submit} pendingLabel={t.pending} />
      </div>
    </AuthForm>
  );
}
