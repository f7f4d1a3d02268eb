'use server';

import type { User } from '@supabase/supabase-js';
import { revalidatePath } from 'next/cache';
import { getLocale } from 'next-intl/server';
import { z } from 'zod';

import type { Locale } from '@/i18n/routing';
import { phoneErrorKey } from '@/lib/auth/error-keys';
import type { FormError } from '@/lib/auth/form-errors';
import { normalizeOtp } from '@/lib/auth/otp';
import { PHONE_CHANNELS, channelOfFactor, isPhoneChannel, phoneFactorName, phoneOfFactor, type PhoneChannel } from '@/lib/auth/phone';
import { sendFailure, sentNotice } from '@/lib/auth/phone-notices';
import { MAX_PHONE_INPUT_LENGTH, maskPhone, normalizePhone } from '@/lib/auth/phone-number';
import { requireSignedIn } from '@/lib/auth/server-session';
import { recordStaffFactor, staffEnrolmentRoute } from '@/lib/staff/enrolment-link';
import { isStaff } from '@/lib/staff/roles';

/*
 * Linking a phone as second factor, the way manageTotpEnrolment links an app. IMPORTANT: every
 * step starts with requireSignedIn (aal2 for a user with a verified factor), and every factor id
 * the browser sends is checked against the user's own factors before Auth is asked.
 */

/** The code on its way: the factor and challenge to verify against, and how to name them. */
export type PhoneEnrolment = { factorId: string; challengeId: string; channel: PhoneChannel; masked: string };

export type PhoneEnrolState = {
  enrolment?: PhoneEnrolment;
  /** What was sent where, formatted here because it names the number and the channel. */
  notice?: string;
  /** The number as typed, put back in the field after an error. */
  phone?: string;
  /** The channel chosen, kept after an error. */
  channel?: PhoneChannel;
  enabled?: boolean;
  error?: FormError;
  /** The error's text when it carries a value the client cannot format (GoTrue's seconds to wait). */
  errorText?: string;
};

type Supabase = Awaited<ReturnType<typeof requireSignedIn>>['supabase'];

/** Longer than any id or notice; the previous state is only shown again, never trusted. */
const MAX_FIELD = 1_000;

const previousSchema = z.object({
  enrolment: z.object({
    factorId: z.string().max(MAX_FIELD),
    challengeId: z.string().max(MAX_FIELD),
    channel: z.enum(PHONE_CHANNELS),
    masked: z.string().max(MAX_FIELD),
  }),
  notice: z.string().max(MAX_FIELD).optional(),
});

/** The enrolment the previous answer showed (display only), or nothing when it is not one. */
function previousEnrolment(previous: unknown): Pick<PhoneEnrolState, 'enrolment' | 'notice'> {
  const parsed = previousSchema.safeParse(previous);
  return parsed.success ? { enrolment: parsed.data.enrolment, notice: parsed.data.notice } : {};
}

/** The user's own phone factor not yet verified, by the id the form sent. */
function unverifiedPhoneFactor(user: User, factorId: FormDataEntryValue | null) {
  return (user.factors ?? []).find((factor) => factor.id === factorId && factor.factor_type === 'phone' && factor.status === 'unverified');
}

/** The steps, chosen by the submit button's `intent`: send (first code), resend, confirm, cancel. */
export async function managePhoneEnrolment(previous: PhoneEnrolState, formData: FormData): Promise<PhoneEnrolState> {
  const shown = previousEnrolment(previous);
  // Actions can be called with anything; a malformed call gets an answer, not a crash.
  if (!(formData instanceof FormData)) return { ...shown, error: { key: 'unknown' } };
  const locale = await getLocale();
  const { supabase, user } = await requireSignedIn(locale, '/account');
  switch (formData.get('intent')) {
    case 'send': {
      // No trust on first use, as for an app: staff link a phone with their enrolment link, or
      // as a further factor once enrolled (Postgres would not count it otherwise).
      if (isStaff(user) && (await staffEnrolmentRoute(supabase)) === null) return { error: { key: 'phoneStaffEnrolmentLink' } };
      return startPhoneEnrolment(supabase, user, formData, locale);
    }
    case 'resend':
      return resendPhoneCode(supabase, user, formData, locale, shown);
    case 'confirm': {
      const route = isStaff(user) ? await staffEnrolmentRoute(supabase) : undefined;
      if (route === null) return { error: { key: 'phoneStaffEnrolmentLink' } };
      return confirmPhoneEnrolment(supabase, user, formData, shown, route === undefined ? undefined : { route, locale });
    }
    case 'cancel': {
      const factor = unverifiedPhoneFactor(user, formData.get('factorId'));
      if (factor) await supabase.auth.mfa.unenroll({ factorId: factor.id });
      return {};
    }
    default:
      return { ...shown, error: { key: 'unknown' } };
  }
}

/** Enrols the number and sends its first code. */
async function startPhoneEnrolment(supabase: Supabase, user: User, formData: FormData, locale: Locale): Promise<PhoneEnrolState> {
  const raw = formData.get('phone');
  // Only the start goes back into the form: the answer must not echo a huge field.
  const typed = typeof raw === 'string' ? raw.trim().slice(0, MAX_PHONE_INPUT_LENGTH) : '';
  const channel = formData.get('channel');
  if (!isPhoneChannel(channel)) return { phone: typed, error: { key: 'unknown' } };
  const { phone, error: phoneError } = normalizePhone(raw);
  if (phoneError) return { phone: typed, channel, error: phoneError };

  // An enrolment abandoned earlier (page closed before the code) would count towards the limit.
  for (const factor of user.factors ?? []) {
    if (factor.status === 'unverified') await supabase.auth.mfa.unenroll({ factorId: factor.id });
  }
  const enrolled = await supabase.auth.mfa.enroll({ factorType: 'phone', phone, friendlyName: phoneFactorName(channel, new Date()) });
  if (enrolled.error) {
    const key = phoneErrorKey(enrolled.error);
    // Only what is wrong with the number belongs at its field; an outage is the form's.
    return { phone: typed, channel, error: key === 'phoneInvalid' || key === 'phoneTaken' ? { key, field: 'phone' } : { key } };
  }
  const factorId = enrolled.data.id;
  const challenge = await supabase.auth.mfa.challenge({ factorId, channel });
  if (challenge.error) {
    // Nothing was sent, so nothing is left half done.
    await supabase.auth.mfa.unenroll({ factorId });
    return { phone: typed, channel, ...(await sendFailure(challenge.error, locale)) };
  }
  const masked = maskPhone(phone);
  return {
    enrolment: { factorId, challengeId: challenge.data.id, channel, masked },
    notice: await sentNotice('sent', channel, masked, locale),
  };
}

/** Sends another code to the number being linked, by the channel chosen for it. */
async function resendPhoneCode(
  supabase: Supabase,
  user: User,
  formData: FormData,
  locale: Locale,
  shown: Pick<PhoneEnrolState, 'enrolment' | 'notice'>,
): Promise<PhoneEnrolState> {
  const factor = unverifiedPhoneFactor(user, formData.get('factorId'));
  if (factor === undefined) return { ...shown, error: { key: 'unknown' } };
  // The channel and number come from Auth's factor, not from the browser.
  const channel = channelOfFactor(factor.friendly_name);
  const masked = maskPhone(phoneOfFactor(factor));
  const challenge = await supabase.auth.mfa.challenge({ factorId: factor.id, channel });
  if (challenge.error) return { ...shown, ...(await sendFailure(challenge.error, locale)) };
  return {
    enrolment: { factorId: factor.id, challengeId: challenge.data.id, channel, masked },
    notice: await sentNotice('resent', channel, masked, locale),
  };
}

/**
 * Verifies the code; the session becomes aal2. For staff (`staff` set) the factor then redeems the
 * enrolment link, or counts as a further factor, exactly as an app's does.
 */
async function confirmPhoneEnrolment(
  supabase: Supabase,
  user: User,
  formData: FormData,
  shown: Pick<PhoneEnrolState, 'enrolment' | 'notice'>,
  staff?: { route: 'link' | 'additional'; locale: Locale },
): Promise<PhoneEnrolState> {
  const factor = unverifiedPhoneFactor(user, formData.get('factorId'));
  const challengeId = formData.get('challengeId');
  if (factor === undefined || typeof challengeId !== 'string' || challengeId === '' || challengeId.length > MAX_FIELD) {
    return { ...shown, error: { key: 'unknown' } };
  }
  const code = normalizeOtp(formData.get('code'));
  if (!code) return { ...shown, error: { key: 'phoneCodeFormat', field: 'code' } };
  const { error } = await supabase.auth.mfa.verify({ factorId: factor.id, challengeId, code });
  if (error) return { ...shown, error: { key: phoneErrorKey(error), field: 'code' } };
  revalidatePath('/[locale]/account', 'page');
  if (staff && !(await recordStaffFactor(supabase, factor.id, staff.route, staff.locale))) {
    return { error: { key: 'phoneStaffEnrolmentLink' } };
  }
  return { enabled: true };
}
