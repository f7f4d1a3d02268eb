import { describe, expect, it } from 'vitest';

import { callbackFailure, failedSignInPath, isOAuthFailure } from './flow';

describe('what an external sign-in that came back without a session tells the visitor', () => {
  it.each([
    ['access_denied', 'signup_disabled', 'oauthNoAccount'],
    ['access_denied', null, 'oauthCancelled'],
    ['invalid_request', 'flow_state_expired', 'oauthExpired'],
    ['invalid_request', 'flow_state_already_used', 'oauthExpired'],
    ['invalid_request', 'bad_oauth_state', 'oauthExpired'],
    ['server_error', null, 'unavailable'],
    ['temporarily_unavailable', null, 'unavailable'],
    ['invalid_scope', null, 'oauthFailed'],
    ['', 'something_new', 'oauthFailed'],
  ] as const)('%s with error_code %s: %s', (error, code, expected) => {
    expect(callbackFailure(error, code)).toBe(expected);
  });

  it('names only the reasons the site itself gives, so the address cannot choose a message', () => {
    expect(isOAuthFailure('oauthExpired')).toBe(true);
    expect(isOAuthFailure('invalidCredentials')).toBe(false);
    expect(isOAuthFailure(['oauthExpired'])).toBe(false);
  });

  it('goes back to the sign-in page in the same language, keeping where the visitor was going', () => {
    expect(failedSignInPath('en', '/en/account/content', 'oauthCancelled')).toBe(
      '/en/sign-in?next=%2Fen%2Faccount%2Fcontent&error=oauthCancelled',
    );
    expect(failedSignInPath('nl', '/account', 'unavailable')).toBe('/sign-in?next=%2Faccount&error=unavailable');
  });
});
