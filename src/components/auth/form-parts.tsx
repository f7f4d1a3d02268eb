'use client';

import { useEffect, useRef, type ComponentPropsWithoutRef, type ReactNode, type Ref } from 'react';
import { useFormStatus } from 'react-dom';

import type { ErrorMessages, FormError } from '@/lib/auth/form-state';

/*
 * The pieces every auth form is made of. Errors are tied to their field with
 * aria-describedby and aria-invalid, and form-level errors are role="alert",
 * so a screen reader hears what went wrong without hunting for it. After a
 * failed submit focus goes to the first invalid field, or to the form's message
 * (WCAG 3.3.1); a success that replaces a form takes the focus the form had.
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
  const formRef = useRef<HTMLFormElement>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  // Each answer is a new object, so a second identical mistake moves focus again.
  useEffect(() => {
    if (!error) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? messageRef.current)?.focus();
  }, [error]);
  const formError = error && !error.field ? errors[error.key] : undefined;
  return (
    <form ref={formRef} action={action} noValidate className={`flex flex-col gap-6 ${className}`}>
      {/* In the page from the start, so the message is announced when it arrives; without a message it has no box, and takes no gap. */}
      <div role="alert" className="contents">
        {formError && (
          <FormMessage ref={messageRef} tone="error">
            {formError}
          </FormMessage>
        )}
      </div>
      {children}
    </form>
  );
}

/** A form-level message: an error or a confirmation. Focusable from script, so focus can be put on it. */
export function FormMessage({ tone, ref, children }: { tone: 'error' | 'success'; ref?: Ref<HTMLParagraphElement>; children: ReactNode }) {
  const styles =
    tone === 'error'
      ? 'border-red-700 bg-red-700/5 text-red-800 dark:border-red-300 dark:bg-red-300/10 dark:text-red-200'
      : 'border-emerald-700 bg-emerald-700/5 text-emerald-900 dark:border-emerald-300 dark:bg-emerald-300/10 dark:text-emerald-100';
  return (
    <p ref={ref} tabIndex={-1} className={`border-l-4 px-4 py-3 text-sm outline-offset-4 ${styles}`}>
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
