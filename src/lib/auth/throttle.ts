import 'server-only';

import { getServerEnv } from '@/lib/env/server';
import { consumeRateLimit, isOverLimit, rateLimitKey } from '@/lib/rate-limit';
import { clientIpKey } from '@/lib/request/client-ip';

/*
 * The site's own limits, checked before it calls Auth. Auth sees every request coming from
 * this server's address, so its per-address limits are shared by all visitors: without these,
 * one visitor could use them up and lock everyone out.
 *
 * Two kinds of count:
 * - attempts per client, which keep one visitor from spending Auth's shared budget;
 * - failures per account, which stop password and code guessing. Failures are counted per
 *   account and client, and per account over a longer window set above what one client can
 *   reach, so one visitor cannot lock the real user out. A browser that signed in to the
 *   account before (device.ts) has a failure count of its own and skips both.
 */

export type Limit = { max: number; windowSeconds: number };

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * What Auth lets one address spend on sign-ins and code checks: hosted Supabase's default
 * (Auth → Rate limits: sign-ins and token verifications, 30 per 5 minutes per IP address), and the
 * embedded backend's burst. Every visitor reaches Auth from this server's address, so one client's
 * allowance below stays well under it; raise Auth's limits as the site grows
 * (docs/operations/going-live.md, "Going live: security settings").
 */
export const AUTH_SERVER_ADDRESS_BUDGET = { max: 30, windowSeconds: 5 * MINUTE } as const;

export const AUTH_LIMITS = {
  signIn: {
    perClient: { max: 8, windowSeconds: 5 * MINUTE },
    failuresPerAccountAndClient: { max: 5, windowSeconds: 15 * MINUTE },
    // One client reaches at most 4 × 5 = 20 failures an hour, below this.
    failuresPerAccount: { max: 30, windowSeconds: HOUR },
    failuresPerDevice: { max: 5, windowSeconds: 15 * MINUTE },
  },
  code: {
    perClient: { max: 8, windowSeconds: 5 * MINUTE },
    failuresPerAccountAndClient: { max: 5, windowSeconds: 15 * MINUTE },
    // Stricter than sign-in on purpose: whoever reaches the code step knows the password, and
    // six digits fall to guessing far sooner than a password. The real user may be held up
    // for the hour; they should change that password anyway.
    failuresPerAccount: { max: 10, windowSeconds: HOUR },
  },
  reset: {
    perClient: { max: 5, windowSeconds: 15 * MINUTE },
    perAccount: { max: 3, windowSeconds: HOUR },
  },
  confirm: {
    failuresPerClient: { max: 10, windowSeconds: 15 * MINUTE },
  },
  currentPassword: {
    failuresPerAccount: { max: 5, windowSeconds: 15 * MINUTE },
  },
} as const satisfies Record<string, Record<string, Limit>>;

type Check = { bucket: string; limit: Limit; counts: 'attempts' | 'failures' };

export type Verdict = 'allowed' | 'limited' | 'unavailable';

export type Throttle = {
  /** Counts the attempt and checks every limit. Call before Auth is asked anything. */
  check(): Promise<Verdict>;
  /** Records a failed attempt (wrong password, wrong code, dead link). */
  failed(): Promise<void>;
};

function throttle(checks: Check[]): Throttle {
  return {
    async check() {
      const results = await Promise.all(
        checks.map(async ({ bucket, limit, counts }) => {
          if (counts === 'attempts') {
            const allowed = await consumeRateLimit(bucket, limit.max, limit.windowSeconds);
            return allowed === null ? null : !allowed;
          }
          return isOverLimit(bucket, limit.max, limit.windowSeconds);
        }),
      );
      // IMPORTANT: fail closed. The limits live in the same project as Auth, so when they
      // cannot be read, Auth is most likely out too, and guessing must not go unchecked.
      if (results.includes(null)) return 'unavailable';
      return results.includes(true) ? 'limited' : 'allowed';
    },
    async failed() {
      await Promise.all(
        checks
          .filter((check) => check.counts === 'failures')
          .map(({ bucket, limit }) => consumeRateLimit(bucket, limit.max, limit.windowSeconds)),
      );
    },
  };
}

/** The account an e-mail address names, as GoTrue matches it: trimmed and case-insensitive. */
export function accountKey(email: string): string {
  return rateLimitKey('account', email.trim().normalize('NFC').toLowerCase());
}

/** Per-client limits may be raised for a test suite that signs in many times from one address. */
function perClient(limit: Limit): Limit {
  return { max: limit.max * getServerEnv().authClientLimitFactor, windowSeconds: limit.windowSeconds };
}

type GuessingLimits = { perClient: Limit; failuresPerAccountAndClient: Limit; failuresPerAccount: Limit };

/** Where a secret is guessed (a password, a code): attempts per client, failures per account and client, and per account. */
async function guessingThrottle(flow: 'signin' | 'code', limits: GuessingLimits, email: string): Promise<Throttle> {
  const account = accountKey(email);
  const client = await clientIpKey();
  return throttle([
    { bucket: `auth:${flow}:client:${client}`, limit: perClient(limits.perClient), counts: 'attempts' },
    { bucket: `auth:${flow}:account-client:${account}:${client}`, limit: limits.failuresPerAccountAndClient, counts: 'failures' },
    { bucket: `auth:${flow}:account:${account}`, limit: limits.failuresPerAccount, counts: 'failures' },
  ]);
}

/**
 * Password sign-in (and the current-password check). `deviceId` is set when the browser
 * carries a valid device token for this account: it then only has its own failure count.
 */
export async function signInThrottle(email: string, deviceId: string | null): Promise<Throttle> {
  if (deviceId !== null) {
    return throttle([{ bucket: `auth:signin:device:${deviceId}`, limit: AUTH_LIMITS.signIn.failuresPerDevice, counts: 'failures' }]);
  }
  return guessingThrottle('signin', AUTH_LIMITS.signIn, email);
}

/** The TOTP code after the password. */
export function codeThrottle(email: string): Promise<Throttle> {
  return guessingThrottle('code', AUTH_LIMITS.code, email);
}

/** "Forgot password" requests: every request may send an e-mail, so all of them count. */
export async function resetThrottle(email: string): Promise<Throttle> {
  const limits = AUTH_LIMITS.reset;
  const client = await clientIpKey();
  return throttle([
    { bucket: `auth:reset:client:${client}`, limit: perClient(limits.perClient), counts: 'attempts' },
    { bucket: `auth:reset:account:${accountKey(email)}`, limit: limits.perAccount, counts: 'attempts' },
  ]);
}

/**
 * E-mailed links at /auth/confirm. The request names no account (only the token), so links
 * are limited per client; the provider limits tries per token.
 */
export async function confirmThrottle(): Promise<Throttle> {
  const client = await clientIpKey();
  return throttle([
    { bucket: `auth:confirm:client:${client}`, limit: perClient(AUTH_LIMITS.confirm.failuresPerClient), counts: 'failures' },
  ]);
}

/**
 * The current password on the account page. The session is the user's own, so only that
 * account's count is at stake; the attempt still spends Auth's sign-in budget.
 */
export async function currentPasswordThrottle(email: string): Promise<Throttle> {
  const client = await clientIpKey();
  return throttle([
    { bucket: `auth:signin:client:${client}`, limit: perClient(AUTH_LIMITS.signIn.perClient), counts: 'attempts' },
    {
      bucket: `auth:current-password:account:${accountKey(email)}`,
      limit: AUTH_LIMITS.currentPassword.failuresPerAccount,
      counts: 'failures',
    },
  ]);
}
