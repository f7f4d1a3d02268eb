/**
 * Which localized message an auth failure shows. The keys live under
 * `auth.errors` in public/locales; every failure maps to one of them, so a
 * screen never shows the provider's English text or crashes on the unknown.
 */
export type AuthErrorKey =
  | 'invalidCredentials'
  | 'rateLimited'
  | 'authBusy'
  | 'unavailable'
  | 'codeInvalid'
  | 'codeExpired'
  | 'weakPassword'
  | 'samePassword'
  | 'mfaRequired'
  | 'linkInvalid'
  | 'unknown';

/** The parts of an AuthError (or anything thrown) that decide the message. */
type ErrorLike = { name?: unknown; status?: unknown; code?: unknown };

function asErrorLike(error: unknown): ErrorLike {
  return typeof error === 'object' && error !== null ? (error as ErrorLike) : {};
}

/** Maps a supabase-js error (see the auth contract §1) to the message to show. */
export function authErrorKey(error: unknown): AuthErrorKey {
  const { name, status, code } = asErrorLike(error);
  // auth-js turns network failures (status 0) and 5xx into AuthRetryableFetchError.
  if (name === 'AuthRetryableFetchError') return 'unavailable';
  if (typeof status === 'number' && (status === 0 || status >= 500)) return 'unavailable';
  if (error instanceof TypeError) return 'unavailable';

  switch (code) {
    case 'invalid_credentials':
      return 'invalidCredentials';
    // Auth's per-address limit: every visitor reaches Auth from this server's address, so this is
    // the site being busy, not the visitor trying too often; it is never counted as their failure.
    case 'over_request_rate_limit':
      return 'authBusy';
    case 'over_email_send_rate_limit':
      return 'rateLimited';
    case 'mfa_verification_failed':
      return 'codeInvalid';
    case 'mfa_challenge_expired':
    case 'mfa_ip_address_mismatch':
      return 'codeExpired';
    case 'weak_password':
      return 'weakPassword';
    case 'same_password':
      return 'samePassword';
    case 'insufficient_aal':
      return 'mfaRequired';
    case 'otp_expired':
    case 'otp_disabled':
    case 'flow_state_expired':
    case 'flow_state_not_found':
      return 'linkInvalid';
  }
  if (name === 'AuthWeakPasswordError') return 'weakPassword';
  if (status === 429) return 'authBusy';
  return 'unknown';
}
