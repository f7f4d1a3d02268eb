'use server';

import type { User } from '@supabase/supabase-js';
import { revalidatePath } from 'next/cache';
import { getLocale } from 'next-intl/server';
import { z } from 'zod';

import type { Locale } from '@/i18n/routing';
import { authErrorKey } from '@/lib/auth/error-keys';
import type { FormError } from '@/lib/auth/form-errors';
import { normalizeOtp } from '@/lib/auth/otp';
import { requireSignedIn } from '@/lib/auth/server-session';
import { recordStaffFactor, staffEnrolmentRoute } from '@/lib/staff/enrolment-link';
import { isStaff } from '@/lib/staff/roles';

/*
 * Two-factor management. IMPORTANT: every action starts with requireSignedIn,
 * which refuses a user whose factor is verified but whose session is still
 * aal1, so these cannot be called around the sign-in code step.
 */

export type Enrolment = { factorId: string; qrCode: string; secret: string };

export type EnrolState = { enrolment?: Enrolment; enabled?: boolean; error?: FormError };

type Supabase = Awaited<ReturnType<typeof requireSignedIn>>['supabase'];

/** Longer than any QR code data URL, secret or factor id the provider returns. */
const MAX_ENROLMENT_FIELD = 20_000;

const previousSchema = z.object({
  enrolment: z.object({
    factorId: z.string().max(MAX_ENROLMENT_FIELD),
    qrCode: z.string().max(MAX_ENROLMENT_FIELD),
    secret: z.string().max(MAX_ENROLMENT_FIELD),
  }),
});

/**
 * The enrolment the previous answer showed. It comes back from the browser, so it is only
 * shown again (the QR code and secret the user is scanning), never used to decide anything,
 * and anything that is not three strings of sane length is dropped.
 */
function previousEnrolment(previous: unknown): Enrolment | undefined {
  const parsed = previousSchema.safeParse(previous);
  return parsed.success ? parsed.data.enrolment : undefined;
}

/**
 * The enrolment steps, chosen by the submit button's `intent`: one action, so
 * the form keeps one state (starting, confirming and cancelling replace it).
 */
export async function manageTotpEnrolment(previous: EnrolState, formData: FormData): Promise<EnrolState> {
  const enrolment = previousEnrolment(previous);
  // Actions can be called with anything; a malformed call gets an answer, not a crash.
  if (!(formData instanceof FormData)) return { enrolment, error: { key: 'unknown' } };
  const locale = await getLocale();
  const { supabase, user } = await requireSignedIn(locale, '/account');
  switch (formData.get('intent')) {
    case 'start':
      // No trust on first use: a staff account links an authenticator only with the enrolment
      // link an admin issued (Postgres ignores a staff factor linked without one anyway).
      // Staff who are enrolled already (aal2, see requireSignedIn) may add another app.
      if (isStaff(user) && (await staffEnrolmentRoute(supabase)) === null) return { error: { key: 'staffEnrolmentLink' } };
      return startTotpEnrolment(supabase, user);
    case 'confirm': {
      const route = isStaff(user) ? await staffEnrolmentRoute(supabase) : undefined;
      if (route === null) return { error: { key: 'staffEnrolmentLink' } };
      return confirmTotpEnrolment(supabase, enrolment, formData, route === undefined ? undefined : { route, locale });
    }
    case 'cancel':
      return cancelTotpEnrolment(supabase, formData);
    default:
      return { enrolment, error: { key: 'unknown' } };
  }
}

/** Starts a TOTP enrolment: an unverified factor with its QR code and secret. */
async function startTotpEnrolment(supabase: Supabase, user: User): Promise<EnrolState> {
  // An enrolment abandoned earlier (page closed before the code) would block the
  // name and count towards the limit; only the newest one is ever confirmed.
  for (const factor of user.factors ?? []) {
    if (factor.status === 'unverified') await supabase.auth.mfa.unenroll({ factorId: factor.id });
  }
  // Unique per enrolment: the provider refuses two factors with the same friendly name.
  const friendlyName = `Authenticator ${new Date().toISOString().slice(0, 19).replace('T', ' ')}`;
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName, issuer: 'Bitwerf' });
  if (error) return { error: { key: authErrorKey(error) } };
  return { enrolment: { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret } };
}

/**
 * Confirms an enrolment with the first code from the app; the session becomes aal2. For staff
 * (`staff` set) the verified factor then redeems the enrolment link, or is recorded as a further app of
 * someone enrolled already, which is what makes it count in Postgres.
 */
async function confirmTotpEnrolment(
  supabase: Supabase,
  enrolment: Enrolment | undefined,
  formData: FormData,
  staff?: { route: 'link' | 'additional'; locale: Locale },
): Promise<EnrolState> {
  const factorId = formData.get('factorId');
  if (typeof factorId !== 'string' || factorId === '') return { error: { key: 'unknown' } };
  const code = normalizeOtp(formData.get('code'));
  if (!code) return { enrolment, error: { key: 'codeFormat', field: 'code' } };
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code });
  if (error) return { enrolment, error: { key: authErrorKey(error), field: 'code' } };
  revalidatePath('/[locale]/account', 'page');
  if (staff && !(await recordStaffFactor(supabase, factorId, staff.route, staff.locale))) return { error: { key: 'staffEnrolmentLink' } };
  return { enabled: true };
}

/** Ends an enrolment that was started but not confirmed. */
async function cancelTotpEnrolment(supabase: Supabase, formData: FormData): Promise<EnrolState> {
  const factorId = formData.get('factorId');
  if (typeof factorId === 'string' && factorId !== '') await supabase.auth.mfa.unenroll({ factorId });
  return {};
}

/** `removed`: which kind of factor went, so the message names it. */
export type RemoveFactorState = { error?: FormError; removed?: 'totp' | 'phone' };

/** Removes a factor. The provider requires aal2 for a verified one, which requireSignedIn guarantees. */
export async function removeFactor(_previous: RemoveFactorState, formData: FormData): Promise<RemoveFactorState> {
  if (!(formData instanceof FormData)) return { error: { key: 'unknown' } };
  const { supabase, user } = await requireSignedIn(await getLocale(), '/account');
  const factorId = formData.get('factorId');
  // Only the user's own factors; the provider checks this too, the message here is just clearer.
  const factor = typeof factorId === 'string' ? (user.factors ?? []).find((own) => own.id === factorId) : undefined;
  if (factor === undefined) return { error: { key: 'unknown' } };
  const { error } = await supabase.auth.mfa.unenroll({ factorId: factor.id });
  if (error) return { error: { key: authErrorKey(error) } };
  // Removing the last factor downgrades the session; refresh so the cookie says so too.
  await supabase.auth.refreshSession();
  revalidatePath('/[locale]/account', 'page');
  return { removed: factor.factor_type === 'phone' ? 'phone' : 'totp' };
}
