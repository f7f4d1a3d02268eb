import 'server-only';

import { createHmac } from 'node:crypto';

import type { PostgrestSingleResponse } from '@supabase/supabase-js';

import { getServerEnv } from '@/lib/env/server';
import type { SiteCapBucket } from '@/lib/site-caps';
import { createAdminClient } from '@/lib/supabase/admin';

/*
 * Rate limits kept in Postgres (public.rate_limit_hits), so every server instance counts
 * against the same limit. Only the service role may read or write them.
 */

/**
 * A limit check that waits longer than this counts as unreachable: the caller answers at
 * once instead of leaving a form spinning.
 */
const TIMEOUT_MS = 5000;

/**
 * A bucket name for a visitor's address or e-mail: HMAC-SHA256 under RATE_LIMIT_SECRET,
 * shortened. `purpose` separates the kinds, so an address and an e-mail never share a key.
 */
export function rateLimitKey(purpose: string, value: string): string {
  return createHmac('sha256', getServerEnv().rateLimitSecret).update(`${purpose}\u0000${value}`).digest('base64url').slice(0, 32);
}

type LimiterCall = (admin: ReturnType<typeof createAdminClient>, signal: AbortSignal) => PromiseLike<PostgrestSingleResponse<boolean>>;

/** Calls one of the limiter's functions; null when it could not answer, with the cause logged. */
async function askLimiter(call: LimiterCall): Promise<boolean | null> {
  try {
    const { data, error } = await call(createAdminClient(), AbortSignal.timeout(TIMEOUT_MS));
    if (error) {
      console.error('[rate-limit] could not check the limit:', error.message);
      return null;
    }
    return data;
  } catch (cause) {
    console.error('[rate-limit] could not check the limit:', cause);
    return null;
  }
}

/**
 * Counts one hit against a bucket (public.consume_rate_limit) and says whether it is within
 * the limit; a hit over the limit is not stored. Returns null when the limit could not be
 * checked (database unreachable, or no service-role key): the caller decides what that means.
 */
export function consumeRateLimit(bucket: string, maxHits: number, windowSeconds: number): Promise<boolean | null> {
  return askLimiter((admin, signal) =>
    admin.rpc('consume_rate_limit', { bucket, max_hits: maxHits, window_seconds: windowSeconds }).abortSignal(signal),
  );
}

/**
 * Like consumeRateLimit, for a cap that all visitors share (a circuit breaker against floods).
 * Reaching it refuses everyone, so each refusal is logged for the operators and recorded in
 * public.site_cap_trips, which admins see on /account/staff.
 */
export async function consumeSiteCap(
  bucket: SiteCapBucket,
  maxHits: number,
  windowSeconds: number,
  weight?: number,
): Promise<boolean | null> {
  const allowed =
    weight === undefined
      ? await consumeRateLimit(bucket, maxHits, windowSeconds)
      : await consumeRateLimitWeighted(bucket, weight, maxHits, windowSeconds);
  if (allowed === false) {
    console.warn(
      `[rate-limit] the site-wide cap "${bucket}" (${maxHits} per ${windowSeconds} s) is reached: visitors are refused until it frees up`,
    );
    await recordSiteCapTrip(bucket, maxHits, windowSeconds);
  }
  return allowed;
}

async function recordSiteCapTrip(cap: SiteCapBucket, maxHits: number, windowSeconds: number): Promise<void> {
  try {
    const { error } = await createAdminClient()
      .rpc('record_site_cap_trip', { cap, max_hits: maxHits, window_seconds: windowSeconds })
      .abortSignal(AbortSignal.timeout(TIMEOUT_MS));
    if (error) console.error('[rate-limit] could not record the site-wide cap:', error.message);
  } catch (cause) {
    console.error('[rate-limit] could not record the site-wide cap:', cause);
  }
}

/**
 * Like consumeRateLimit, for a budget rather than a count: the hit weighs `weight` (e.g. the
 * mebibytes of an upload) and the limit is on the sum in the window
 * (public.consume_rate_limit_weighted).
 */
export function consumeRateLimitWeighted(bucket: string, weight: number, maxTotal: number, windowSeconds: number): Promise<boolean | null> {
  return askLimiter((admin, signal) =>
    admin.rpc('consume_rate_limit_weighted', { bucket, weight, max_total: maxTotal, window_seconds: windowSeconds }).abortSignal(signal),
  );
}

/**
 * Whether a bucket already holds `maxHits` hits in the window, without adding one: for limits
 * that count only failures, checked before an attempt and recorded (consumeRateLimit) after
 * it fails. Null when it could not be checked.
 */
export async function isOverLimit(bucket: string, maxHits: number, windowSeconds: number): Promise<boolean | null> {
  const since = new Date(Date.now() - windowSeconds * 1000).toISOString();
  try {
    const { data, error } = await createAdminClient()
      .from('rate_limit_hits')
      .select('hit_at')
      .eq('bucket', bucket)
      .gte('hit_at', since)
      .limit(maxHits)
      // A read is retried with back-off (about 7 s) by default; a limit check should not wait.
      .retry(false)
      .abortSignal(AbortSignal.timeout(TIMEOUT_MS));
    if (error) {
      console.error('[rate-limit] could not read the limit:', error.message);
      return null;
    }
    return data.length >= maxHits;
  } catch (cause) {
    console.error('[rate-limit] could not read the limit:', cause);
    return null;
  }
}
