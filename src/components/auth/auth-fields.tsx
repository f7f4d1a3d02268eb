import type { ClipboardEvent } from 'react';

import { TextField } from '@/components/forms/text-field';
import type { ErrorMessages, FormErrorKey } from '@/lib/auth/form-errors';
import { OTP_LENGTH } from '@/lib/auth/otp';

/*
 * The fields the auth forms share, each with the browser hints that make it work with password
 * managers and authenticator apps.
 */

/** The auth forms' type size: their labels are as small as the rest of the card's fine print. */
export const authFormClass = 'text-sm';

type AuthFieldProps = {
  id: string;
  label: string;
  hint?: string;
  error: FormErrorKey | undefined;
  errors: ErrorMessages;
};

/** The account's e-mail address; `defaultValue` puts back what the server was sent. */
export function EmailField({
  autoComplete,
  defaultValue,
  ...field
}: AuthFieldProps & { autoComplete: 'username' | 'email'; defaultValue: string }) {
  return (
    <TextField
      {...fieldProps(field)}
      name="email"
      type="email"
      autoComplete={autoComplete}
      inputMode="email"
      required
      defaultValue={defaultValue}
      // A new key after each answer puts the server's value back in the field.
      key={`email-${defaultValue}`}
    />
  );
}

/** A password: the current one, or a new one (with its length limits). */
export function PasswordField({
  name,
  autoComplete,
  minLength,
  maxLength,
  ...field
}: AuthFieldProps & { name: string; autoComplete: 'current-password' | 'new-password'; minLength?: number; maxLength?: number }) {
  return (
    <TextField
      {...fieldProps(field)}
      name={name}
      type="password"
      autoComplete={autoComplete}
      minLength={minLength}
      maxLength={maxLength}
      required
    />
  );
}

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

/** The 6-digit code from an authenticator app, in large spaced digits. */
export function CodeField({ autoFocus, className, ...field }: AuthFieldProps & { autoFocus?: boolean; className: string }) {
  return (
    <TextField
      {...fieldProps(field)}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      // Room for "123 456" or "123-456"; the digits are what count.
      maxLength={OTP_LENGTH + 4}
      autoFocus={autoFocus}
      required
      onPaste={tidyPaste}
      className={`max-w-56 [&_input]:tracking-[0.3em] ${className}`}
    />
  );
}

function fieldProps({ id, label, hint, error, errors }: AuthFieldProps) {
  return { id, label, hint, error, errorTexts: errors };
}
