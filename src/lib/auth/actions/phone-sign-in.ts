'use server';

import type { User } from '@supabase/supabase-js';
import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { z } from 'zod';

import { withLocale } from '@/i18n/locale-path';
import { phoneErrorKey } from '@/lib/auth/error-keys';
import type { FormError } from '@/lib/auth/form-errors';
import { normalizeOtp } from '@/lib/auth/otp';
import { PHONE_CHANNELS, isPhoneChannel, phoneOfFactor, type PhoneChannel } from '@/lib/auth/phone';
import { sendFailure, sentNotice } from '@/lib/auth/phone-notices';
import { maskPhone } from '@/lib/auth/phone-number';
import { getServerSession } from '@/lib/auth/server-session';
import { codeThrottle, type Verdict } from '@/lib/auth/throttle';
import { safeNextPath } from '@/lib/security/safe-redirect';

/*
 * The sign-in code step with a phone: send a code to a verified phone factor, then verify it. Like
 * verifySignInCode, it works only on the session's own factors, and the same per-account limits
 * count every send and every wrong code.
 */

/** The code on its way: the factor and challenge to verify against. */
export type PhoneSent = { factorId: string; challengeId: string; channel: PhoneChannel };

export type PhoneSignInState = {
  sent?: PhoneSent;
  /** What was sent where ("…to +31 6 •••• 5678. It is valid for 5 minutes."), formatted here. */
  notice?: string;
  error?: FormError;
  /** The error's text when it carries a value the client cannot format (GoTrue's seconds to wait). */
  errorText?: string;
};

/** Longer than any id or notice; the previous state is only shown again, never trusted. */
const MAX_FIELD = 1_000;

const previousSchema = z.object({
  sent: z.object({ factorId: z.string().max(MAX_FIELD), challengeId: z.string().max(MAX_FIELD), channel: z.enum(PHONE_CHANNELS) }),
  notice: z.string().max(MAX_FIELD).optional(),
});

/** The code step the previous answer showed (display only), so an error does not take it away. */
function previousSent(previous: unknown): Pick<PhoneSignInState, 'sent' | 'notice'> {
  const parsed = previousSchema.safeParse(previous);
  return parsed.success ? { sent: parsed.data.sent, notice: parsed.data.notice } : {};
}

function throttled(verdict: Exclude<Verdict, 'allowed'>): FormError {
  return { key: verdict === 'limited' ? 'rateLimited' : 'unavailable' };
}

/** The session user's own verified phone factor, by the id the form sent. */
function verifiedPhoneFactor(user: User, factorId: FormDataEntryValue | null) {
  return (user.factors ?? []).find((factor) => factor.id === factorId && factor.factor_type === 'phone' && factor.status === 'verified');
}

/** A choice button's value, "<factor id>:<channel>"; anything else names nothing. */
function splitChoice(value: FormDataEntryValue | null): [string | null, string | null] {
  if (typeof value !== 'string' || value.length > MAX_FIELD) return [null, null];
  const [factorId = null, channel = null, ...rest] = value.split(':');
  return rest.length === 0 ? [factorId, channel] : [null, null];
}

/**
 * `intent` send (a choice) or resend ("send a new code"): a code to the factor by the channel of `choice`;
 * `intent` verify: the code against the challenge, then on to the checked `next`.
 */
export async function phoneSignInStep(previous: PhoneSignInState, formData: FormData): Promise<PhoneSignInState> {
  const shown = previousSent(previous);
  // Actions can be called with anything; a malformed call gets an answer, not a crash.
  if (!(formData instanceof FormData)) return { ...shown, error: { key: 'unknown' } };
  const intent = formData.get('intent');
  if (intent !== 'send' && intent !== 'resend' && intent !== 'verify') return { ...shown, error: { key: 'unknown' } };
  const code = intent === 'verify' ? normalizeOtp(formData.get('code')) : null;
  if (intent === 'verify' && !code) return { ...shown, error: { key: 'phoneCodeFormat', field: 'code' } };

  const locale = await getLocale();
  const session = await getServerSession();
  // The password step has expired or was never done: start again.
  if (session.state === 'anonymous') return { error: { key: 'sessionExpired' } };
  if (session.state === 'signedIn') redirect(safeNextPath(formData.get('next'), withLocale('/account', locale)));

  // A send names the factor and channel in one button value ("<factor id>:sms"), a verify names the factor.
  const [factorId, channel] = intent === 'verify' ? [formData.get('factorId'), null] : splitChoice(formData.get('choice'));
  const factor = verifiedPhoneFactor(session.user, factorId);
  if (factor === undefined) return { ...shown, error: { key: 'unknown' } };
  // The account is the session's; sending costs money and guessing must stay bounded, so both count.
  const throttle = await codeThrottle(session.user.email ?? session.user.id);
  const verdict = await throttle.check();
  if (verdict !== 'allowed') return { ...shown, error: throttled(verdict) };
  const mfa = session.supabase.auth.mfa;

  if (intent !== 'verify') {
    if (!isPhoneChannel(channel)) return { ...shown, error: { key: 'unknown' } };
    const challenge = await mfa.challenge({ factorId: factor.id, channel });
    if (challenge.error) return { ...shown, ...(await sendFailure(challenge.error, locale)) };
    const masked = maskPhone(phoneOfFactor(factor));
    return {
      sent: { factorId: factor.id, challengeId: challenge.data.id, channel },
      notice: await sentNotice(intent === 'resend' ? 'resent' : 'sent', channel, masked, locale),
    };
  }

  const challengeId = formData.get('challengeId');
  if (typeof challengeId !== 'string' || challengeId === '' || challengeId.length > MAX_FIELD || code === null) {
    return { ...shown, error: { key: 'unknown' } };
  }
  const { error } = await mfa.verify({ factorId: factor.id, challengeId, code });
  if (!error) redirect(safeNextPath(formData.get('next'), withLocale('/account', locale)));
  const key = phoneErrorKey(error);
  if (key === 'phoneCodeInvalid') await throttle.failed();
  return { ...shown, error: { key, field: 'code' } };
}
