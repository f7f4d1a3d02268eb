import { AuthApiError } from '../http/errors';

/** GoTrue's `FlowStateExpiryDuration` (GOTRUE_EXTERNAL_FLOW_STATE_EXPIRY_DURATION), which it never lets be shorter. */
export const FLOW_STATE_TTL_MS = 300_000;

/** The columns of auth.flow_state the PKCE exchange and the OAuth callback read. */
export interface FlowStateRow {
  id: string;
  user_id: string | null;
  auth_code: string | null;
  code_challenge_method: string | null;
  code_challenge: string | null;
  provider_type: string;
  provider_access_token: string | null;
  provider_refresh_token: string | null;
  authentication_method: string;
  auth_code_issued_at: Date | null;
  created_at: Date;
  referrer: string | null;
}

/**
 * `FlowState.IsExpired`: counted from the creation (for an OAuth flow, from `/authorize`), except
 * for magic links, which count from when the code was issued. The recovery flows of this backend
 * keep counting from the link's click, as before (see the contract).
 */
export function flowStateExpired(flow: FlowStateRow, now = Date.now()): boolean {
  const start = flow.authentication_method === 'oauth' ? flow.created_at : (flow.auth_code_issued_at ?? flow.created_at);
  return now > start.getTime() + FLOW_STATE_TTL_MS;
}

export const isPkceFlow = (flow: FlowStateRow): boolean => flow.code_challenge !== null && flow.code_challenge !== '';

const CODE_CHALLENGE = /^[a-zA-Z._~0-9-]+$/;

/** GoTrue's `validatePKCEParams`: both or neither, and a challenge of RFC 7636's length and alphabet. */
export function validatePkceParams(method: string, challenge: string): void {
  if ((challenge === '') !== (method === '')) {
    throw new AuthApiError(400, 'validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  }
  if (challenge === '') return;
  if (challenge.length < 43 || challenge.length > 128) {
    throw new AuthApiError(400, 'validation_failed', 'code challenge has to be between 43 and 128 characters');
  }
  if (!CODE_CHALLENGE.test(challenge)) {
    throw new AuthApiError(
      400,
      'validation_failed',
      'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes',
    );
  }
}

/** `ParseCodeChallengeMethod`, as stored: `s256` or `plain`, in any case on the way in. */
export function parseChallengeMethod(method: string): 's256' | 'plain' | undefined {
  const lower = method.toLowerCase();
  return lower === 's256' || lower === 'plain' ? lower : undefined;
}
