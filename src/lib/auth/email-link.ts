import type { EmailOtpType } from '@supabase/supabase-js';

import { safeNextPath } from '@/lib/security/safe-redirect';

const otpTypes: readonly EmailOtpType[] = ['recovery', 'email', 'signup', 'invite', 'magiclink', 'email_change'];

/** Longer than any token Auth issues (a SHA-224 hex digest, or a PKCE code). */
const MAX_TOKEN_LENGTH = 256;

/**
 * A link that names a parameter twice was not written by our templates: a caller can append its
 * own `token_hash` to a redirect it chose, and which copy wins would then decide whose session
 * the reader gets. Such a link is refused as a whole.
 */
function hasRepeatedParameter(query: URLSearchParams): boolean {
  const names = [...query.keys()];
  return new Set(names).size !== names.length;
}

function isOtpType(value: unknown): value is EmailOtpType {
  return otpTypes.some((type) => type === value);
}

/** The fields an e-mailed link carries: as its query, and as the form the confirm page posts. */
export type EmailLink = { tokenHash: string; type: EmailOtpType; next: string };

/**
 * The link's own fields, with `next` kept on this site (`fallback` otherwise); null for a link our
 * templates did not write (see hasRepeatedParameter).
 */
export function readEmailLink(query: URLSearchParams, fallback: string): EmailLink | null {
  const tokenHash = query.get('token_hash');
  const type = query.get('type');
  if (hasRepeatedParameter(query) || !tokenHash || tokenHash.length > MAX_TOKEN_LENGTH || !isOtpType(type)) return null;
  return { tokenHash, type, next: safeNextPath(query.get('next'), fallback) };
}
