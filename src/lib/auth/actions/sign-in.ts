'use server';

import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';

import { withLocale } from '@/i18n/locale-path';
import { authErrorKey } from '@/lib/auth/error-keys';
import type { FormError } from '@/lib/auth/form-state';
import { normalizeOtp } from '@/lib/auth/otp';
import { safeNextPath } from '@/lib/auth/safe-next';
import { getServerSession, hasVerifiedFactor } from '@/lib/auth/server-session';
import { validateEmail } from '@/lib/auth/validation';
import { createClient } from '@/lib/supabase/server';

export type SignInState = {
  step: 'password' | 'code';
  /** Kept so the field is filled in again after an error. */
  email: string;
  error?: FormError;
};

/** Goes on to the checked `next` target; the layout's auth state notices the new session on that navigation. */
async function finish(formData: FormData): Promise<never> {
  const locale = await getLocale();
  redirect(safeNextPath(formData.get('next'), withLocale('/account', locale)));
}

/** Step 1: e-mail and password. Asks for the code next when the user has a verified factor. */
export async function signInWithPassword(_previous: SignInState, formData: FormData): Promise<SignInState> {
  const { email, error: emailError } = validateEmail(formData.get('email'));
  if (emailError) return { step: 'password', email, error: emailError };
  const password = formData.get('password');
  if (typeof password !== 'string' || password === '') {
    return { step: 'password', email, error: { key: 'passwordRequired', field: 'password' } };
  }

  const supabase = await createClient();
  const { data, error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) return { step: 'password', email, error: { key: authErrorKey(error) } };
  // The session is aal1 now; a user who set up two-factor must give a code before anything else.
  if (hasVerifiedFactor(data.user)) return { step: 'code', email };
  return finish(formData);
}

/** Step 2: the TOTP code, checked against each verified TOTP factor of the user. */
export async function verifySignInCode(previous: SignInState, formData: FormData): Promise<SignInState> {
  const code = normalizeOtp(formData.get('code'));
  if (!code) return { ...previous, step: 'code', error: { key: 'codeFormat', field: 'code' } };

  const session = await getServerSession();
  // The password step has expired or was never done: start again.
  if (session.state === 'anonymous') return { step: 'password', email: previous.email, error: { key: 'sessionExpired' } };
  if (session.state === 'signedIn') return finish(formData);

  const { data: factors, error: listError } = await session.supabase.auth.mfa.listFactors();
  if (listError) return { ...previous, step: 'code', error: { key: authErrorKey(listError), field: 'code' } };
  let lastError: unknown = null;
  for (const factor of factors.totp) {
    const { error } = await session.supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code });
    if (!error) return finish(formData);
    lastError = error;
  }
  return { ...previous, step: 'code', error: { key: authErrorKey(lastError), field: 'code' } };
}
