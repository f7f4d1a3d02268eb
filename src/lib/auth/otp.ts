/** TOTP codes have six digits (RFC 6238 as Supabase configures it). */
export const OTP_LENGTH = 6;

/**
 * A typed or pasted code as the server expects it: authenticator apps show
 * "123 456" and password managers may paste "123-456", so spaces and dashes
 * are dropped. Returns null when what is left is not six digits.
 */
export function normalizeOtp(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const digits = raw.replace(/[\s\u00a0-]/g, '');
  return new RegExp(`^\\d{${OTP_LENGTH}}$`).test(digits) ? digits : null;
}
