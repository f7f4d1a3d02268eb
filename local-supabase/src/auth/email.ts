import { AuthApiError } from '../http/errors';

/** GoTrue's `validateEmail` refuses longer addresses before it looks at their format. */
export const MAX_EMAIL_LENGTH = 255;

/** The two halves of badoux/checkmail's pattern, which GoTrue uses; each is a single class. */
const LOCAL_PART = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+$/;
const DOMAIN_LABEL = /^[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$/;

/**
 * checkmail's `ValidateFormat` without its regular expression: the pattern as one JavaScript
 * regex backtracks, so the address is split at `@` and `.` and each part checked on its own.
 * Only called on addresses of at most MAX_EMAIL_LENGTH characters, so every step is bounded.
 */
function hasValidFormat(email: string): boolean {
  const at = email.indexOf('@');
  if (at <= 0 || email.indexOf('@', at + 1) !== -1) return false;
  if (!LOCAL_PART.test(email.slice(0, at))) return false;
  return email
    .slice(at + 1)
    .split('.')
    .every((label) => DOMAIN_LABEL.test(label));
}

/** Why an address fails GoTrue's check, or undefined when it passes. */
export function emailProblem(email: string): string | undefined {
  if (email === '') return 'An email address is required';
  if (email.length > MAX_EMAIL_LENGTH) return 'An email address is too long';
  if (!hasValidFormat(email)) return 'Unable to validate email address: invalid format';
  return undefined;
}

/** GoTrue's `validateEmail`: 400 validation_failed with its messages; returns the address lower-cased. */
export function validateEmail(email: string): string {
  const problem = emailProblem(email);
  if (problem !== undefined) throw new AuthApiError(400, 'validation_failed', problem);
  return email.toLowerCase();
}
