import 'server-only';

import { getTranslations } from 'next-intl/server';

import type { ErrorMessages, FormErrorKey } from './form-state';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './validation';

const errorKeys = [
  'invalidCredentials',
  'rateLimited',
  'unavailable',
  'codeInvalid',
  'codeExpired',
  'weakPassword',
  'samePassword',
  'mfaRequired',
  'linkInvalid',
  'unknown',
  'emailRequired',
  'emailInvalid',
  'passwordRequired',
  'codeFormat',
  'passwordTooShort',
  'passwordTooLong',
  'passwordMismatch',
  'sessionExpired',
  'currentPasswordRequired',
  'currentPasswordWrong',
] as const satisfies readonly FormErrorKey[];

/** Every form error in the request's locale, for client forms that get their strings as props. */
export async function getErrorMessages(): Promise<ErrorMessages> {
  const t = await getTranslations('auth.errors');
  const values = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH };
  return Object.fromEntries(errorKeys.map((key) => [key, t(key, values)])) as ErrorMessages;
}
