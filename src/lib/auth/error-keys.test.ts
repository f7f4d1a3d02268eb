import { AuthApiError, AuthRetryableFetchError, AuthWeakPasswordError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';

import { authErrorKey, phoneErrorKey, sendRetrySeconds } from './error-keys';

describe('authErrorKey', () => {
  it('tells wrong credentials, rate limits and an unreachable service apart', () => {
    expect(authErrorKey(new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'))).toBe('invalidCredentials');
    // Auth's limit is per server address, so it is the site being busy, not the visitor.
    expect(authErrorKey(new AuthApiError('Request rate limit reached', 429, 'over_request_rate_limit'))).toBe('authBusy');
    expect(authErrorKey(new AuthApiError('Too many', 429, undefined))).toBe('authBusy');
    expect(authErrorKey(new AuthApiError('Email rate limit exceeded', 429, 'over_email_send_rate_limit'))).toBe('rateLimited');
    expect(authErrorKey(new AuthRetryableFetchError('fetch failed', 0))).toBe('unavailable');
    expect(authErrorKey(new AuthApiError('Bad gateway', 502, undefined))).toBe('unavailable');
    expect(authErrorKey(new TypeError('fetch failed'))).toBe('unavailable');
  });

  it('maps MFA and password failures', () => {
    expect(authErrorKey(new AuthApiError('Invalid TOTP code entered', 422, 'mfa_verification_failed'))).toBe('codeInvalid');
    expect(authErrorKey(new AuthApiError('expired', 422, 'mfa_challenge_expired'))).toBe('codeExpired');
    expect(authErrorKey(new AuthWeakPasswordError('weak', 422, ['length']))).toBe('weakPassword');
    expect(authErrorKey(new AuthApiError('same', 422, 'same_password'))).toBe('samePassword');
    expect(authErrorKey(new AuthApiError('aal2', 401, 'insufficient_aal'))).toBe('mfaRequired');
    expect(authErrorKey(new AuthApiError('expired', 403, 'otp_expired'))).toBe('linkInvalid');
  });

  it('falls back to a generic message for anything else', () => {
    expect(authErrorKey(new AuthApiError('?', 400, 'something_new'))).toBe('unknown');
    expect(authErrorKey('boom')).toBe('unknown');
    expect(authErrorKey(null)).toBe('unknown');
  });
});

describe('phoneErrorKey', () => {
  it('speaks of the message, not the app, for wrong and expired codes', () => {
    expect(phoneErrorKey(new AuthApiError('Invalid MFA Phone code entered', 422, 'mfa_verification_failed'))).toBe('phoneCodeInvalid');
    expect(phoneErrorKey(new AuthApiError('expired', 422, 'mfa_challenge_expired'))).toBe('phoneCodeExpired');
    expect(phoneErrorKey(new AuthApiError('ip', 422, 'mfa_ip_address_mismatch'))).toBe('phoneCodeExpired');
  });

  it('maps the phone factor’s own failures', () => {
    const limit = new AuthApiError('For security purposes, you can only request this after 4 seconds.', 429, 'over_sms_send_rate_limit');
    expect(phoneErrorKey(limit)).toBe('phoneSendLimited');
    expect(phoneErrorKey(new AuthApiError('Error sending MFA SMS', 500, 'sms_send_failed'))).toBe('phoneSendFailed');
    expect(phoneErrorKey(new AuthApiError('off', 422, 'mfa_phone_enroll_not_enabled'))).toBe('phoneUnavailable');
    expect(phoneErrorKey(new AuthApiError('off', 422, 'mfa_phone_verify_not_enabled'))).toBe('phoneUnavailable');
    expect(phoneErrorKey(new AuthApiError('exists', 422, 'mfa_verified_factor_exists'))).toBe('phoneTaken');
    expect(phoneErrorKey(new AuthApiError('Invalid phone number format (E.164 required)', 400, 'validation_failed'))).toBe('phoneInvalid');
  });

  it('leaves everything else to authErrorKey', () => {
    expect(phoneErrorKey(new AuthRetryableFetchError('fetch failed', 0))).toBe('unavailable');
    expect(phoneErrorKey(new AuthApiError('aal2', 401, 'insufficient_aal'))).toBe('mfaRequired');
    expect(phoneErrorKey(new AuthApiError('Too many', 429, undefined))).toBe('authBusy');
    expect(phoneErrorKey(null)).toBe('unknown');
  });
});

describe('sendRetrySeconds', () => {
  const limit = (message: string) => new AuthApiError(message, 429, 'over_sms_send_rate_limit');

  it('reads the seconds GoTrue names', () => {
    expect(sendRetrySeconds(limit('For security purposes, you can only request this after 4 seconds.'))).toBe(4);
    expect(sendRetrySeconds(limit('For security purposes, you can only request this after 59 seconds.'))).toBe(59);
  });

  it('says at least 1 where Go truncated the last second to 0', () => {
    expect(sendRetrySeconds(limit('For security purposes, you can only request this after 0 seconds.'))).toBe(1);
  });

  it('is null for another failure, or a limit that names no number', () => {
    expect(sendRetrySeconds(limit('Too many requests'))).toBeNull();
    expect(sendRetrySeconds(new AuthApiError('after 4 seconds', 429, 'over_email_send_rate_limit'))).toBeNull();
    expect(sendRetrySeconds('after 4 seconds')).toBeNull();
  });
});
