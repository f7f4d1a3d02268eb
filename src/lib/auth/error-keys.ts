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

/** The phone factor's own messages (they speak of a text message, not an app). */
export type PhoneErrorKey =
  'phoneInvalid' | 'phoneTaken' | 'phoneCodeInvalid' | 'phoneCodeExpired' | 'phoneSendLimited' | 'phoneSendFailed' | 'phoneUnavailable';

/**
 * Maps a failure of a phone factor's enrolment, challenge or verification (GoTrue's `mfa.go`,
 * local-supabase/CONTRACT.md "Phone MFA"); what is not particular to phones maps as authErrorKey does.
 */
export function phoneErrorKey(error: unknown): AuthErrorKey | PhoneErrorKey {
  const { code } = asErrorLike(error);
  switch (code) {
    // Auth's least time between two codes for one factor (max_frequency); the seconds are in the message.
    case 'over_sms_send_rate_limit':
      return 'phoneSendLimited';
    // The SMS provider refused or failed (GoTrue answers it with a 500).
    case 'sms_send_failed':
      return 'phoneSendFailed';
    case 'mfa_phone_enroll_not_enabled':
    case 'mfa_phone_verify_not_enabled':
      return 'phoneUnavailable';
    case 'mfa_verified_factor_exists':
      return 'phoneTaken';
    // The site checks the number first; this is Auth disagreeing ("E.164 required").
    case 'validation_failed':
      return 'phoneInvalid';
  }
  const key = authErrorKey(error);
  if (key === 'codeInvalid') return 'phoneCodeInvalid';
  if (key === 'codeExpired') return 'phoneCodeExpired';
  return key;
}

/**
 * The seconds GoTrue asks to wait before the next code ("For security purposes, you can only
 * request this after 4 seconds."), at least 1: Go truncates, so the last second reads "after 0
 * seconds". Null when the failure is not that limit or names no number.
 */
export function sendRetrySeconds(error: unknown): number | null {
  const { code } = asErrorLike(error);
  if (code !== 'over_sms_send_rate_limit') return null;
  const message = typeof error === 'object' && error !== null && 'message' in error ? error.message : undefined;
  const seconds = typeof message === 'string' ? /after (\d+) seconds?/.exec(message)?.[1] : undefined;
  return seconds === undefined ? null : Math.max(1, Number(seconds));
}
