'use server';

import { getLocale } from 'next-intl/server';

import { withLocale } from '@/i18n/locale-path';
import { authErrorKey } from '@/lib/auth/error-keys';
import type { FormError } from '@/lib/auth/form-state';
import { getServerSession, requireSignedIn } from '@/lib/auth/server-session';
import { validateEmail, validateNewPassword } from '@/lib/auth/validation';
import { siteUrl } from '@/lib/public-env';
import { createClient } from '@/lib/supabase/server';

export type ForgotPasswordState = { email: string; sent: boolean; error?: FormError };

/**
 * Sends the recovery e-mail. The answer is the same whether or not the address
 * has an account (the provider's reply is too), so the form cannot be used to
 * find out who is a client.
 */
export async function requestPasswordReset(_previous: ForgotPasswordState, formData: FormData): Promise<ForgotPasswordState> {
  const { email, error: emailError } = validateEmail(formData.get('email'));
  if (emailError) return { email, sent: false, error: emailError };

  const locale = await getLocale();
  // The link comes back to this locale's confirm route, which then opens the reset page.
  // The site URL is configuration, never the request's Host header, which a client controls.
  const confirm = new URL(`${siteUrl}${withLocale('/auth/confirm', locale)}`);
  confirm.searchParams.set('next', withLocale('/reset-password', locale));

  const supabase = await createClient();
  const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo: confirm.toString() });
  if (error) {
    const key = authErrorKey(error);
    // Only an outage or a rate limit is worth telling; anything else would hint at whether the account exists.
    if (key === 'unavailable' || key === 'rateLimited') return { email, sent: false, error: { key } };
    console.error('[auth] password reset request failed:', error.message);
  }
  return { email, sent: true };
}

export type NewPasswordState = { done: boolean; error?: FormError };

async function updatePassword(
  supabase: Awaited<ReturnType<typeof getServerSession>>['supabase'],
  formData: FormData,
): Promise<NewPasswordState> {
  const { password, error } = validateNewPassword(formData.get('password'), formData.get('confirm'));
  if (error) return { done: false, error };
  const { error: updateError } = await supabase.auth.updateUser({ password });
  if (updateError) {
    const key = authErrorKey(updateError);
    const field = key === 'weakPassword' || key === 'samePassword' ? 'password' : undefined;
    return { done: false, error: { key, field } };
  }
  return { done: true };
}

/** Sets a new password from the recovery link's session. */
export async function resetPassword(_previous: NewPasswordState, formData: FormData): Promise<NewPasswordState> {
  const session = await getServerSession();
  if (session.state === 'anonymous') return { done: false, error: { key: 'linkInvalid' } };
  if (session.state === 'needsCode') return { done: false, error: { key: 'mfaRequired' } };
  return updatePassword(session.supabase, formData);
}

/** Changes the password from the account page. */
export async function changePassword(_previous: NewPasswordState, formData: FormData): Promise<NewPasswordState> {
  const { supabase } = await requireSignedIn(await getLocale(), '/account');
  return updatePassword(supabase, formData);
}
