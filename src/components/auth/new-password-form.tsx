'use client';

import { useActionState, type ReactNode } from 'react';

import { ActionForm } from '@/components/forms/action-form';
import { StatusRegion } from '@/components/forms/status-region';
import { SubmitButton } from '@/components/forms/submit-button';
import type { NewPasswordState } from '@/lib/auth/actions/password';
import type { ErrorMessages } from '@/lib/auth/form-errors';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/lib/auth/input-limits';

import { PasswordField, authFormClass } from './auth-fields';

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
  const error = state.error;
  const field = (name: 'current' | 'password' | 'confirm') => ({
    id: `${idPrefix}-${name}`,
    name,
    error: error?.field === name ? error.key : undefined,
    errors,
  });
  return (
    <StatusRegion message={state.done && done}>
      <ActionForm action={formAction} error={error} errorTexts={errors} className={authFormClass}>
        {t.current !== undefined && <PasswordField {...field('current')} label={t.current} autoComplete="current-password" />}
        <PasswordField
          {...field('password')}
          label={t.password}
          hint={t.hint}
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
        />
        <PasswordField {...field('confirm')} label={t.confirm} autoComplete="new-password" />
        <div>
          <SubmitButton label={t.submit} pendingLabel={t.pending} />
        </div>
      </ActionForm>
    </StatusRegion>
  );
}
