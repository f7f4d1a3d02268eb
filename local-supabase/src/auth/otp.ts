import { createHash, randomInt } from 'node:crypto';

/** A six-digit e-mail OTP, GoTrue's default `MAILER_OTP_LENGTH`. */
export const newOtp = (): string => String(randomInt(1_000_000)).padStart(6, '0');

/** GoTrue's `GenerateTokenHash`: hex SHA-224 of the address followed by the OTP. */
export const tokenHash = (email: string, otp: string): string => createHash('sha224').update(email + otp).digest('hex');

/** Mailer OTPs and links stay valid for a day (`MAILER_OTP_EXP`). */
export const OTP_LIFETIME_MS = 86_400_000;

/** One e-mail of a kind per user per minute (`SMTP_MAX_FREQUENCY`). */
export const MAX_FREQUENCY_MS = 60_000;

export function secondsUntilAllowed(sentAt: Date | null): number {
  if (sentAt === null) return 0;
  return Math.ceil(Math.max(0, MAX_FREQUENCY_MS - (Date.now() - sentAt.getTime())) / 1000);
}
