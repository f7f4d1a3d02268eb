'use server';

import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { z } from 'zod';

import { withLocale } from '@/i18n/locale-path';
import { knownDeviceId, rememberDevice } from '@/lib/auth/device';
import { authErrorKey } from '@/lib/auth/error-keys';
import type { FormError } from '@/lib/auth/form-errors';
import { MAX_EMAIL_LENGTH } from '@/lib/auth/input-limits';
import { normalizeOtp } from '@/lib/auth/otp';
import { getServerSession, hasVerifiedFactor } from '@/lib/auth/server-session';
import { signInChoices, type SignInChoices } from '@/lib/auth/sign-in-choices';
import { codeThrottle, signInThrottle, type Verdict } from '@/lib/auth/throttle';
import { validateEmail } from '@/lib/auth/validation';
import { safeNextPath } from '@/lib/security/safe-redirect';
import { createClient } from '@/lib/supabase/server';

export type SignInState = {
  step: 'password' | 'code';
  /** Kept so the field is filled in again after an error. */
  email: string;
  /** At the code step: the app and the phones to choose from (only shown; each send checks the factor). */
  choices?: SignInChoices;
  error?: FormError;
};

const previousSchema = z.object({ email: z.string().max(MAX_EMAIL_LENGTH) });

/**
 * The e-mail of the previous answer. It comes back from the browser like any form field,
 * so it is only ever shown again, never trusted, and anything but a short string is dropped.
 */
function previousEmail(previous: unknown): string {
  const parsed = previousSchema.safeParse(previous);
  return parsed.success ? parsed.data.email : '';
}

function throttled(verdict: Exclude<Verdict, 'allowed'>): FormError {
  return { key: verdict === 'limited' ? 'rateLimited' : 'unavailable' };
}

/** Goes on to the checked `next` target; the layout's auth state notices the new session on that navigation. */
async function finish(formData: FormData): Promise<never> {
  const locale = await getLocale();
  redirect(safeNextPath(formData.get('next'), withLocale('/account', locale)));
}

/** Step 1: e-mail and password. Asks for the code next when the user has a verified factor. */
export async function signInWithPassword(_previous: SignInState, formData: FormData): Promise<SignInState> {
  // Actions can be called with anything; a malformed call gets an answer, not a crash.
  if (!(formData instanceof FormData)) return { step: 'password', email: '', error: { key: 'unknown' } };
  const { email, error: emailError } = validateEmail(formData.get('email'));
  if (emailError) return { step: 'password', email, error: emailError };
  const password = formData.get('password');
  if (typeof password !== 'string' || password === '') {
    return { step: 'password', email, error: { key: 'passwordRequired', field: 'password' } };
  }

  // IMPORTANT: the limits come before Auth is asked, also for a password that would be right.
  const throttle = await signInThrottle(email, await knownDeviceId(email));
  const verdict = await throttle.check();
  if (verdict !== 'allowed') return { step: 'password', email, error: throttled(verdict) };

  const supabase = await createClient();
  const { data, error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) {
    const key = authErrorKey(error);
    if (key === 'invalidCredentials') await throttle.failed();
    return { step: 'password', email, error: { key } };
  }
  await rememberDevice(email);
  // The session is aal1 now; a user who set up two-factor must give a code before anything else.
  if (hasVerifiedFactor(data.user)) return { step: 'code', email, choices: await signInChoices(data.user, await getLocale()) };
  return finish(formData);
}

/** Step 2 with the app: the TOTP code, checked against each verified TOTP factor of the user (a phone: phone-sign-in.ts). */
export async function verifySignInCode(previous: SignInState, formData: FormData): Promise<SignInState> {
  const email = previousEmail(previous);
  if (!(formData instanceof FormData)) return { step: 'code', email, error: { key: 'unknown' } };
  const code = normalizeOtp(formData.get('code'));
  if (!code) return { step: 'code', email, error: { key: 'codeFormat', field: 'code' } };

  const session = await getServerSession();
  // The password step has expired or was never done: start again.
  if (session.state === 'anonymous') return { step: 'password', email, error: { key: 'sessionExpired' } };
  if (session.state === 'signedIn') return finish(formData);

  // The account is the session's, never the e-mail the browser sent back.
  const throttle = await codeThrottle(session.user.email ?? session.user.id);
  const verdict = await throttle.check();
  if (verdict !== 'allowed') return { step: 'code', email, error: { ...throttled(verdict), field: 'code' } };

  const { data: factors, error: listError } = await session.supabase.auth.mfa.listFactors();
  if (listError) return { step: 'code', email, error: { key: authErrorKey(listError), field: 'code' } };
  let lastError: unknown = null;
  for (const factor of factors.totp) {
    const { error } = await session.supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code });
    if (!error) return finish(formData);
    lastError = error;
  }
  const key = authErrorKey(lastError);
  if (key === 'codeInvalid') await throttle.failed();
  return { step: 'code', email, error: { key, field: 'code' } };
}
