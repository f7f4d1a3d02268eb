/*
 * A phone as second factor: which channel its codes go by, and how long they live. Pure and small,
 * so client components may import it; the number itself is parsed in phone-number.ts.
 */

/** The channels Auth sends a phone factor's code by (GoTrue's Twilio providers have both). */
export const PHONE_CHANNELS = ['sms', 'whatsapp'] as const;
export type PhoneChannel = (typeof PHONE_CHANNELS)[number];

export function isPhoneChannel(value: unknown): value is PhoneChannel {
  return PHONE_CHANNELS.some((channel) => channel === value);
}

/** The other channel, offered beside the one chosen at enrolment. */
export function otherChannel(channel: PhoneChannel): PhoneChannel {
  return channel === 'sms' ? 'whatsapp' : 'sms';
}

/** How long a phone code lives: GoTrue's fixed 300 s for MFA phone challenges, which the page states. */
export const PHONE_CODE_MINUTES = 5;

/*
 * Auth keeps no channel with a factor, and wants a friendly name unique per user. The name carries
 * both: the channel chosen at enrolment and the time ("Phone sms 2026-12-01 10:00:00"), so the
 * preference lives and goes with its factor. Nobody sees the name; the page shows the number.
 */
const NAME_PREFIX = 'Phone';

export function phoneFactorName(channel: PhoneChannel, now: Date): string {
  return `${NAME_PREFIX} ${channel} ${now.toISOString().slice(0, 19).replace('T', ' ')}`;
}

/** The channel a factor was linked with; SMS (Auth's default) for a name the site did not make. */
export function channelOfFactor(friendlyName: string | undefined): PhoneChannel {
  const channel = friendlyName?.split(' ')[1];
  return friendlyName?.startsWith(`${NAME_PREFIX} `) && isPhoneChannel(channel) ? channel : 'sms';
}

/** The number of a phone factor as Auth answers it (`phone`, which auth-js leaves out of its Factor type). */
export function phoneOfFactor(factor: object): string {
  return 'phone' in factor && typeof factor.phone === 'string' ? factor.phone : '';
}
