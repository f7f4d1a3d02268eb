import 'server-only';

import { withLocale } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routing';
import { authErrorKey } from '@/lib/auth/error-keys';
import type { FormErrorKey } from '@/lib/auth/form-errors';
import { signInPath } from '@/lib/auth/server-session';
import { siteUrl } from '@/lib/env/public';
import { createClient } from '@/lib/supabase/server';

import { OAUTH_SCOPES, enabledOAuthProviders, isOAuthProvider } from './providers';

/** What an external sign-in can end in, besides success: each has its message under auth.errors. */
export type OAuthFailure = Extract<FormErrorKey, 'oauthCancelled' | 'oauthNoAccount' | 'oauthExpired' | 'oauthFailed' | 'unavailable'>;

const OAUTH_FAILURES: readonly OAuthFailure[] = ['oauthCancelled', 'oauthNoAccount', 'oauthExpired', 'oauthFailed', 'unavailable'];

export function isOAuthFailure(value: unknown): value is OAuthFailure {
  return typeof value === 'string' && (OAUTH_FAILURES as readonly string[]).includes(value);
}

/** The sign-in page, showing why an external sign-in did not work, and still going to `next`. */
export function failedSignInPath(locale: Locale, next: string, failure: OAuthFailure): string {
  return `${signInPath(locale, next)}&error=${failure}`;
}

/**
 * Where the provider's answer comes back to: the callback in the visitor's language, carrying the
 * checked `next`. On the site's own address, which Auth's redirect allow list covers.
 */
function callbackUrl(locale: Locale, next: string): string {
  return `${siteUrl}${withLocale('/auth/callback', locale)}?next=${encodeURIComponent(next)}`;
}

/**
 * The address that starts a sign-in with `provider` (Auth's `GET /authorize` with a PKCE
 * challenge; its verifier goes into a cookie of this response), or why there is none: an unknown
 * or disabled provider is `null`, a 404 for the route.
 */
export async function startOAuth(
  provider: string,
  locale: Locale,
  next: string,
): Promise<{ url: string } | { failure: OAuthFailure } | null> {
  if (!isOAuthProvider(provider) || !(await enabledOAuthProviders()).includes(provider)) return null;
  const supabase = await createClient();
  const { data, error } = await supabase.auth.signInWithOAuth({
    provider,
    options: {
      redirectTo: callbackUrl(locale, next),
      scopes: OAUTH_SCOPES[provider],
      skipBrowserRedirect: true,
      // The provider's own page in the visitor's language, where it has one.
      queryParams: { ui_locales: locale },
    },
  });
  if (error || !data.url) return { failure: authErrorKey(error) === 'unavailable' ? 'unavailable' : 'oauthFailed' };
  return { url: data.url };
}

/** Auth's error codes on the way back (`error_code`), and what the visitor is told. */
const CALLBACK_CODES: Record<string, OAuthFailure> = {
  // No public sign-up: only an existing account, found by a verified address, signs in this way.
  signup_disabled: 'oauthNoAccount',
  provider_email_needs_verification: 'oauthNoAccount',
  flow_state_expired: 'oauthExpired',
  flow_state_not_found: 'oauthExpired',
  flow_state_already_used: 'oauthExpired',
  bad_code_verifier: 'oauthExpired',
  bad_oauth_state: 'oauthExpired',
  bad_oauth_callback: 'oauthFailed',
};

/** Why the provider or Auth sent the visitor back without a code. */
export function callbackFailure(error: string, errorCode: string | null): OAuthFailure {
  const byCode = errorCode === null ? undefined : CALLBACK_CODES[errorCode];
  if (byCode) return byCode;
  // The provider's refusal and the visitor's "cancel" arrive alike: OAuth's access_denied.
  if (error === 'access_denied') return 'oauthCancelled';
  if (error === 'server_error' || error === 'temporarily_unavailable') return 'unavailable';
  return 'oauthFailed';
}

/**
 * Trades the code for a session (`POST /token?grant_type=pkce` with the verifier from the cookie
 * set at the start). A code from another browser, an old or used one, all mean "start again".
 */
export async function finishOAuth(code: string): Promise<OAuthFailure | null> {
  const supabase = await createClient();
  const { error } = await supabase.auth.exchangeCodeForSession(code);
  if (!error) return null;
  if (error.name === 'AuthPKCECodeVerifierMissingError') return 'oauthExpired';
  const byCode = typeof error.code === 'string' ? CALLBACK_CODES[error.code] : undefined;
  if (byCode) return byCode;
  return authErrorKey(error) === 'unavailable' ? 'unavailable' : 'oauthFailed';
}
