import { randomInt, timingSafeEqual } from 'node:crypto';

import type { AuthContext } from './context';
import { insertUnverifiedFactor } from './factor-enrollment';
import type { Caller } from './guards';
import { validatePhone } from './phone';
import type { SmsTemplate } from './sms-template';
import { listFactors, type FactorRow } from './users';
import { AuthApiError } from '../http/errors';
import type { PhoneChannel } from '../inbox/phone-inbox';

/** GoTrue's `InvalidChannelError`, word for word. */
const INVALID_CHANNEL =
  "Invalid channel, supported values are 'sms' or 'whatsapp'. 'whatsapp' is only supported if Twilio or Twilio Verify is used as the provider.";

/**
 * The channels the local inbox takes: both, as GoTrue's Twilio and Twilio Verify providers do
 * (`sms_provider.IsValidMessageChannel`); a hosted project on MessageBird, Textlocal or Vonage
 * would refuse `whatsapp`.
 */
const isChannel = (channel: string): channel is PhoneChannel => channel === 'sms' || channel === 'whatsapp';

/** GoTrue's `crypto.GenerateOtp`: uniformly random, zero-padded to `digits`. */
const generateOtp = (digits: number): string => String(randomInt(10 ** digits)).padStart(digits, '0');

export interface EnrollPhoneBody {
  friendly_name?: string | undefined;
  phone?: string | undefined;
}

/**
 * GoTrue's `enrollPhoneFactor`. The number is stored as `validatePhone` leaves it (digits, no
 * `+`), but answered as it was sent. A verified factor with the same number refuses the
 * enrolment; unverified ones with it are replaced, and that deletion stands even when the checks
 * that follow refuse, as in GoTrue.
 */
export async function enrollPhoneFactor(ctx: AuthContext, caller: Caller, body: EnrollPhoneBody): Promise<Record<string, unknown>> {
  const given = body.phone ?? '';
  if (given === '') throw new AuthApiError(400, 'validation_failed', 'Phone number required to enroll Phone factor');
  const phone = validatePhone(given);
  if (phone === undefined) throw new AuthApiError(400, 'validation_failed', 'Invalid phone number format (E.164 required)');
  const friendlyName = body.friendly_name ?? '';

  const sameNumber = (await listFactors(ctx.db, caller.user.id)).filter(
    (factor) => factor.factor_type === 'phone' && factor.phone === phone,
  );
  if (sameNumber.some((factor) => factor.status === 'verified')) {
    throw new AuthApiError(
      422,
      'mfa_verified_factor_exists',
      'A verified phone factor already exists, unenroll the existing factor to continue',
    );
  }
  if (sameNumber.length > 0) {
    await ctx.db.query('delete from auth.mfa_factors where id = any($1::uuid[])', [sameNumber.map((factor) => factor.id)]);
  }

  const id = await insertUnverifiedFactor(ctx.db, caller, friendlyName, { type: 'phone', phone });
  return { id, type: 'phone', friendly_name: friendlyName, phone: given };
}

export interface PhoneChallenge {
  id: string;
  createdAt: Date;
}

/**
 * GoTrue's `challengePhoneFactor`: `channel` `sms` (the default) or `whatsapp`; at most one
 * challenge per factor within `max_frequency`; a fresh `otp_length`-digit code, kept on the
 * challenge and "sent", i.e. put in the local inbox, as the configured template renders it.
 * The frequency check, the challenge and the message are one transaction, so two concurrent
 * requests cannot both pass the check.
 */
export async function challengePhoneFactor(
  ctx: AuthContext,
  template: SmsTemplate,
  factor: FactorRow,
  requestedChannel: string,
  ip: string,
): Promise<PhoneChallenge> {
  const channel = requestedChannel === '' ? 'sms' : requestedChannel;
  if (!isChannel(channel)) throw new AuthApiError(400, 'validation_failed', INVALID_CHANNEL);
  const { otpLength, maxFrequencySeconds } = ctx.config.mfaPhone;
  const challenge = { id: crypto.randomUUID(), createdAt: new Date() };
  await ctx.db.transaction(async (tx) => {
    const found = await tx.query<{ last_challenged_at: Date | null }>('select last_challenged_at from auth.mfa_factors where id = $1', [
      factor.id,
    ]);
    const last = found.rows[0]?.last_challenged_at ?? null;
    const allowedAt = last === null ? 0 : last.getTime() + maxFrequencySeconds * 1000;
    // GoTrue refuses unless last_challenged_at + max_frequency lies before now, and counts the
    // seconds left as Go divides durations: truncated.
    if (last !== null && allowedAt >= challenge.createdAt.getTime()) {
      const left = Math.trunc((allowedAt - challenge.createdAt.getTime()) / 1000);
      throw new AuthApiError(429, 'over_sms_send_rate_limit', `For security purposes, you can only request this after ${left} seconds.`);
    }
    const otp = generateOtp(otpLength);
    await tx.query('insert into auth.mfa_challenges (id, factor_id, created_at, ip_address, otp_code) values ($1, $2, $3, $4, $5)', [
      challenge.id,
      factor.id,
      challenge.createdAt,
      ip,
      otp,
    ]);
    await tx.query('update auth.mfa_factors set last_challenged_at = $2 where id = $1', [factor.id, challenge.createdAt]);
    // GoTrue's Twilio provider sends to "+" and the stored digits.
    await ctx.inbox.phone.deliver(tx, { to: `+${factor.phone ?? ''}`, channel, body: template(otp), otp });
  });
  return challenge;
}

/** GoTrue's `subtle.ConstantTimeCompare` of the code as sent (not trimmed) with the challenge's. */
export function phoneCodeMatches(expected: string | null, code: string): boolean {
  if (expected === null || expected === '') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(code);
  return a.length === b.length && timingSafeEqual(a, b);
}
