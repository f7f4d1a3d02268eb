import 'server-only';

import type { User } from '@supabase/supabase-js';
import { getTranslations } from 'next-intl/server';

import type { Locale } from '@/i18n/routing';

import { channelOfFactor, otherChannel, phoneOfFactor, type PhoneChannel } from './phone';
import { maskPhone } from './phone-number';

/** One way to get a code on a phone: the factor, the channel, and the button's text. */
export type PhoneChoice = { factorId: string; channel: PhoneChannel; label: string };

/**
 * The ways a user can give the second factor at sign-in: the authenticator app (any verified TOTP
 * factor), and per verified phone its channel from enrolment first, then the other one. Nothing
 * about the last choice is remembered.
 */
export type SignInChoices = { app: boolean; phones: PhoneChoice[][] };

export async function signInChoices(user: User, locale: Locale): Promise<SignInChoices> {
  const verified = (user.factors ?? []).filter((factor) => factor.status === 'verified');
  const t = await getTranslations({ locale, namespace: 'auth.code.phone' });
  const phones = verified
    .filter((factor) => factor.factor_type === 'phone')
    .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at))
    .map((factor) => {
      const phone = maskPhone(phoneOfFactor(factor));
      const chosen = channelOfFactor(factor.friendly_name);
      return [chosen, otherChannel(chosen)].map((channel) => ({ factorId: factor.id, channel, label: t(channel, { phone }) }));
    });
  return { app: verified.some((factor) => factor.factor_type === 'totp'), phones };
}
