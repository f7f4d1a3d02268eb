import { createHash, randomInt } from 'node:crypto';

/** A six-digit e-mail OTP, GoTrue's default `MAILER_OTP_LENGTH`. */
export const newOtp = (): string => String(randomInt(1_000_000)).padStart(6, '0');

/** GoTrue's `GenerateTokenHash`: hex SHA-224 of the address followed by the OTP. */
export const tokenHash = (email: string, otp: string): string =>
  createHash('sha224')
    .update(email + otp)
    .digest('hex');

/**
 * How long e-mailed codes and links stay valid: GoTrue's `MAILER_OTP_EXP` as hosted projects
 * default it (3600 s; self-hosted GoTrue's own default is a day). Six digits are a million
 * codes, so a short life and the limits below keep guessing hopeless.
 */
export const OTP_LIFETIME_MS = 3_600_000;

/** Wrong codes for one account before its outstanding e-mail codes and links are burned. */
export const MAX_OTP_FAILURES = 5;

/** One e-mail of a kind per user per minute (`SMTP_MAX_FREQUENCY`). */
export const MAX_FREQUENCY_MS = 60_000;

export function secondsUntilAllowed(sentAt: Date | null): number {
  if (sentAt === null) return 0;
  return Math.ceil(Math.max(0, MAX_FREQUENCY_MS - (Date.now() - sentAt.getTime())) / 1000);
}
