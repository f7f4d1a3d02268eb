'use server';

import { isAuthError } from '@supabase/supabase-js';
import { getLocale } from 'next-intl/server';

import { withLocale } from '@/i18n/locale-path';
import { authErrorKey } from '@/lib/auth/error-keys';
import type { FormError } from '@/lib/auth/form-errors';
import { getServerSession, requireSignedIn, type ServerSupabase } from '@/lib/auth/server-session';
import { currentPasswordThrottle, resetThrottle } from '@/lib/auth/throttle';
import { validateEmail, validateNewPassword } from '@/lib/auth/validation';
import { checkCurrentPassword } from '@/lib/auth/verify-password';
import { siteUrl } from '@/lib/env/public';
import { createClient } from '@/lib/supabase/server';

export type ForgotPasswordState = { email: string; sent: boolean; error?: FormError };

/**
 * Sends the recovery e-mail. The answer is the same whether or not the address has an
 * account, so the form cannot be used to find out who is a client. That includes the
 * provider's per-user e-mail limit, which only an existing account can reach: it reads as
 * "sent". The site's own limits count per client and per address, known or not, so saying
 * "too many attempts" for those gives nothing away.
 */
export async function requestPasswordReset(_previous: ForgotPasswordState, formData: FormData): Promise<ForgotPasswordState> {
  if (!(formData instanceof FormData)) return { email: '', sent: false, error: { key: 'unknown' } };
  const { email, error: emailError } = validateEmail(formData.get('email'));
  if (emailError) return { email, sent: false, error: emailError };

  const verdict = await (await resetThrottle(email)).check();
  if (verdict !== 'allowed') return { email, sent: false, error: { key: verdict === 'limited' ? 'rateLimited' : 'unavailable' } };

  const locale = await getLocale();
  // Only picks the mail's language (English under <site>/en/): the templates build the link from
  // Auth's site URL, never from redirect_to, which anyone calling Auth directly may choose.
  // The site URL is configuration, never the request's Host header, which a client controls.
  const confirm = new URL(`${siteUrl}${withLocale('/auth/confirm', locale)}`);
  confirm.searchParams.set('next', withLocale('/reset-password', locale));

  const supabase = await createClient();
  const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo: confirm.toString() });
  if (error) {
    if (isAuthError(error) && error.code === 'over_email_send_rate_limit') return { email, sent: true };
    const key = authErrorKey(error);
    // An outage or the provider's per-address limit say nothing about the account; anything else might.
    if (key === 'unavailable' || key === 'rateLimited' || key === 'authBusy') return { email, sent: false, error: { key } };
    console.error('[auth] password reset request failed:', error.message);
  }
  return { email, sent: true };
}

export type NewPasswordState = { done: boolean; error?: FormError };

async function updatePassword(supabase: ServerSupabase, password: string, currentPassword?: string): Promise<NewPasswordState> {
  // current_password is checked by Auth too when the project requires it; otherwise it is ignored.
  const { error } = await supabase.auth.updateUser(
    currentPassword === undefined ? { password } : { password, current_password: currentPassword },
  );
  if (error) {
    const key = authErrorKey(error);
    const field = key === 'weakPassword' || key === 'samePassword' ? 'password' : undefined;
    return { done: false, error: { key, field } };
  }
  return { done: true };
}

/** Sets a new password from the recovery link's session. */
export async function resetPassword(_previous: NewPasswordState, formData: FormData): Promise<NewPasswordState> {
  if (!(formData instanceof FormData)) return { done: false, error: { key: 'unknown' } };
  const session = await getServerSession();
  if (session.state === 'anonymous') return { done: false, error: { key: 'linkInvalid' } };
  if (session.state === 'needsCode') return { done: false, error: { key: 'mfaRequired' } };
  const { password, error } = validateNewPassword(formData.get('password'), formData.get('confirm'));
  if (error) return { done: false, error };
  return updatePassword(session.supabase, password);
}

/**
 * Changes the password from the account page. IMPORTANT: it asks for the current password
 * and checks it with Auth first, so a session left open on a shared computer, or a stolen
 * session cookie, is not enough to take the account over.
 */
export async function changePassword(_previous: NewPasswordState, formData: FormData): Promise<NewPasswordState> {
  if (!(formData instanceof FormData)) return { done: false, error: { key: 'unknown' } };
  const { supabase, user } = await requireSignedIn(await getLocale(), '/account');
  const current = formData.get('current');
  if (typeof current !== 'string' || current === '') return { done: false, error: { key: 'currentPasswordRequired', field: 'current' } };
  const { password, error } = validateNewPassword(formData.get('password'), formData.get('confirm'));
  if (error) return { done: false, error };
  // Accounts are made with an e-mail address; one without cannot sign in with a password at all.
  if (!user.email) return { done: false, error: { key: 'unknown' } };

  const throttle = await currentPasswordThrottle(user.email);
  const verdict = await throttle.check();
  if (verdict !== 'allowed') return { done: false, error: { key: verdict === 'limited' ? 'rateLimited' : 'unavailable' } };
  const check = await checkCurrentPassword(user.email, current);
  if (check === 'wrong') {
    await throttle.failed();
    return { done: false, error: { key: 'currentPasswordWrong', field: 'current' } };
  }
  if (check !== 'ok') return { done: false, error: { key: check } };
  return updatePassword(supabase, password, current);
}
