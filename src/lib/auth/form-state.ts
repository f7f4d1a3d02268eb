import type { AuthErrorKey } from './error-keys';

/** Every message a form can show, as keys under `auth.errors`. */
export type FormErrorKey =
  | AuthErrorKey
  | 'emailRequired'
  | 'emailInvalid'
  | 'passwordRequired'
  | 'codeFormat'
  | 'passwordTooShort'
  | 'passwordTooLong'
  | 'passwordMismatch'
  | 'sessionExpired'
  | 'currentPasswordRequired'
  | 'currentPasswordWrong';

/** Which field an error belongs to; form-level errors (credentials, outage) have none. */
export type FormField = 'email' | 'password' | 'confirm' | 'code' | 'current';

export type FormError = { key: FormErrorKey; field?: FormField };

/** Localized texts for every error key, handed to client forms as a prop. */
export type ErrorMessages = Record<FormErrorKey, string>;
