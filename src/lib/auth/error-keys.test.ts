import { AuthApiError, AuthRetryableFetchError, AuthWeakPasswordError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';

import { authErrorKey } from './error-keys';

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
