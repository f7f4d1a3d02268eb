import bcrypt from 'bcryptjs';

/** GoTrue's bcrypt cost (golang.org/x/crypto/bcrypt DefaultCost). */
const BCRYPT_COST = 10;
const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 72;

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
