'use client';

import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { useFormStatus } from 'react-dom';

import type { ErrorMessages, FormError } from '@/lib/auth/form-state';

/*
 * The pieces every auth form is made of. Errors are tied to their field with
 * aria-describedby and aria-invalid, and form-level errors are role="alert",
 * so a screen reader hears what went wrong without hunting for it.
 */

type TextFieldProps = ComponentPropsWithoutRef<'input'> & {
  id: string;
  label: string;
  hint?: string;
  error?: string;
};

export function TextField({ id, label, hint, error, className = '', ...input }: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="w-full py-2 text-base text-fg placeholder:text-muted aria-invalid:border-b-2 aria-invalid:border-red-700 dark:aria-invalid:border-red-300"
        {...input}
      />
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

/** The page heading and introduction every auth screen opens with. */
export function AuthHeading({ title, intro }: { title: string; intro: ReactNode }) {
  return (
    <>
      <h1 className="text-3xl md:text-4xl">{title}</h1>
      <p className="mt-3 text-base text-muted">{intro}</p>
    </>
  );
}

type AuthFormProps = {
  action: (form: FormData) => void;
  /** The last answer's error: a form-level one shows above the fields, a field's own at that field. */
  error: FormError | undefined;
  errors: ErrorMessages;
  className?: string;
  children: ReactNode;
};

/** A form posted to a server action; the browser's own validation is off so the server's localized messages show. */
export function AuthForm({ action, error, errors, className = '', children }: AuthFormProps) {
  return (
    <form action={action} noValidate className={`flex flex-col gap-6 ${className}`}>
      {error && !error.field && <FormMessage tone="error">{errors[error.key]}</FormMessage>}
      {children}
    </form>
  );
}

/** A form-level message: an error (announced at once) or a confirmation. */
export function FormMessage({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) {
  const styles =
    tone === 'error'
      ? 'border-red-700 bg-red-700/5 text-red-800 dark:border-red-300 dark:bg-red-300/10 dark:text-red-200'
      : 'border-emerald-700 bg-emerald-700/5 text-emerald-900 dark:border-emerald-300 dark:bg-emerald-300/10 dark:text-emerald-100';
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`border-l-4 px-4 py-3 text-sm ${styles}`}>
      {children}
    </p>
  );
}

/** The primary button; says what is happening while the form is being sent. */
type SubmitButtonProps = {
  label: string;
  pendingLabel: string;
  variant?: 'primary' | 'secondary';
  /** For forms with several buttons: sent as name=value with the form. */
  name?: string;
  value?: string;
};

export function SubmitButton({ label, pendingLabel, variant = 'primary', name, value }: SubmitButtonProps) {
  const { pending } = useFormStatus();
  const look =
    variant === 'primary'
      ? 'bg-fg text-page hover:opacity-90'
      : 'border border-fg text-fg hover:bg-fg hover:text-page';
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={pending}
      aria-disabled={pending}
      className={`inline-flex min-h-12 items-center justify-center rounded-full px-7 py-3 text-base font-semibold transition-opacity disabled:cursor-wait disabled:opacity-70 ${look}`}
    >
      {pending ? pendingLabel : label}
    </button>
  );
}
