import type { Messages } from '@/i18n/messages';

/**
 * Every message an auth form can show: the keys under `auth.errors` in the Dutch messages, so an
 * error without a text does not compile (AuthErrorKey, the provider's failures, is one part of it).
 */
export type FormErrorKey = keyof Messages['auth']['errors'];

/** Which field an error belongs to; form-level errors (credentials, outage) have none. */
export type FormField = 'email' | 'password' | 'confirm' | 'code' | 'current' | 'phone';

export type FormError = { key: FormErrorKey; field?: FormField };

/** Localized texts for every error key, handed to client forms as a prop. */
export type ErrorMessages = Readonly<Record<FormErrorKey, string>>;

/**
 * The texts with one replaced by what the server formatted for this answer (`errorText`, e.g. the
 * seconds to wait), so ActionForm and the fields show it where the key's text would be.
 */
export function withAnswerText(errors: ErrorMessages, answer: { error?: FormError; errorText?: string }): ErrorMessages {
  if (answer.error === undefined || answer.errorText === undefined) return errors;
  return { ...errors, [answer.error.key]: answer.errorText };
}
