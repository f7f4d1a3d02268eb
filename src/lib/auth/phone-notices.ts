import 'server-only';

import { getTranslations } from 'next-intl/server';

import type { Locale } from '@/i18n/routing';

import { phoneErrorKey, sendRetrySeconds } from './error-keys';
import type { FormError } from './form-errors';
import { PHONE_CODE_MINUTES, type PhoneChannel } from './phone';

/*
 * The phone steps' messages that carry a value only the server knows (the masked number, GoTrue's
 * seconds to wait), formatted in the action's answer, since client forms format nothing.
 */

/** "We sent a (new) code by text message to +31 6 •••• 5678. It is valid for 5 minutes." */
export async function sentNotice(kind: 'sent' | 'resent', channel: PhoneChannel, masked: string, locale: Locale): Promise<string> {
  const t = await getTranslations({ locale, namespace: 'auth.phone' });
  return t(kind, { channel, phone: masked, minutes: PHONE_CODE_MINUTES });
}

/** A failed challenge as a form shows it; the rate limit says how many seconds GoTrue asks to wait. */
export async function sendFailure(error: unknown, locale: Locale): Promise<{ error: FormError; errorText?: string }> {
  const key = phoneErrorKey(error);
  const seconds = sendRetrySeconds(error);
  if (key !== 'phoneSendLimited' || seconds === null) return { error: { key } };
  const t = await getTranslations({ locale, namespace: 'auth.phone' });
  return { error: { key }, errorText: t('sendLimited', { seconds }) };
}
