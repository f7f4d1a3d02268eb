import bcrypt from 'bcryptjs';

import { AuthApiError } from '../http/errors';

/** GoTrue's bcrypt cost (golang.org/x/crypto/bcrypt DefaultCost). */
const BCRYPT_COST = 10;
const MIN_PASSWORD_LENGTH = 6;
/**
 * bcrypt reads at most 72 bytes and silently ignores the rest, so GoTrue refuses longer
 * passwords. Go's `len` counts bytes, hence Buffer.byteLength: 40 × "é" is 40 characters but
 * 80 bytes, and would otherwise be truncated to its first 36.
 */
export const MAX_PASSWORD_BYTES = 72;

export const passwordTooLong = (password: string): boolean => Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES;

/** GoTrue's `checkPasswordStrength` (PUT /user, PUT /admin/users/{id}): too long, then too weak. */
export function checkPasswordStrength(password: string): void {
  if (passwordTooLong(password)) {
    // GoTrue's wording says "characters" although it counts bytes.
    throw new AuthApiError(400, 'validation_failed', `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  const weakness = passwordWeakness(password);
  if (weakness !== undefined) {
    throw new AuthApiError(422, 'weak_password', weakness.message, { weak_password: { reasons: weakness.reasons } });
  }
}

export const hashPassword = (password: string): Promise<string> => bcrypt.hash(password, BCRYPT_COST);

// Compared against when the account does not exist, so a miss costs as long as a wrong password
// and response time does not reveal which e-mail addresses have accounts.
const DUMMY_HASH = bcrypt.hashSync('local-supabase-dummy-password', BCRYPT_COST);

/** bcrypt's compare is constant-time over the hash; null hashes still pay for one compare. */
export async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  const matches = await bcrypt.compare(password, hash ?? DUMMY_HASH);
  return hash !== null && matches;
}

export interface PasswordWeakness {
  message: string;
  reasons: string[];
}

/** The default policy: length only (the `characters` and `pwned` checks are opt-in in GoTrue). */
export function passwordWeakness(password: string): PasswordWeakness | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return { message: `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, reasons: ['length'] };
  }
  return undefined;
}
