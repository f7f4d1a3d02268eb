import 'server-only';

import { getMessages, getTranslations } from 'next-intl/server';

import { errorTextsOf } from '@/i18n/error-texts';

import type { ErrorMessages } from './form-errors';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './input-limits';

/** Every form error in the request's locale, for client forms that get their strings as props. */
export async function getErrorMessages(): Promise<ErrorMessages> {
  const t = await getTranslations('auth.errors');
  const values = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH };
  return errorTextsOf((await getMessages()).auth.errors, (key) => t(key, values));
}
