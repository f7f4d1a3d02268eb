import { z } from 'zod';

import type { FormError } from './form-errors';
import { MAX_EMAIL_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './input-limits';

const emailSchema = z.email();

/** The trimmed e-mail address, or what is wrong with it. */
export function validateEmail(raw: unknown): { email: string; error?: FormError } {
  const email = typeof raw === 'string' ? raw.trim() : '';
  if (email === '') return { email, error: { key: 'emailRequired', field: 'email' } };
  // Only the start goes back into the form: the answer must not echo a huge field.
  if (email.length > MAX_EMAIL_LENGTH) return { email: email.slice(0, MAX_EMAIL_LENGTH), error: { key: 'emailInvalid', field: 'email' } };
  if (!emailSchema.safeParse(email).success) return { email, error: { key: 'emailInvalid', field: 'email' } };
  return { email };
}

/** A new password and its confirmation, checked before anything is sent. */
export function validateNewPassword(password: unknown, confirm: unknown): { password: string; error?: FormError } {
  const value = typeof password === 'string' ? password : '';
  if (value.length < PASSWORD_MIN_LENGTH) return { password: value, error: { key: 'passwordTooShort', field: 'password' } };
  // GoTrue counts bytes (bcrypt), so a password of many accented characters hits the limit sooner.
  if (new TextEncoder().encode(value).length > PASSWORD_MAX_LENGTH) {
    return { password: value, error: { key: 'passwordTooLong', field: 'password' } };
  }
  if (value !== confirm) return { password: value, error: { key: 'passwordMismatch', field: 'confirm' } };
  return { password: value };
}
