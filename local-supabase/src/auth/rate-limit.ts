/**
 * Token buckets per client IP, the model of tollbooth that GoTrue limits `/token` with.
 * Hand-written because the maintained Hono limiters count fixed windows, which cannot
 * express GoTrue's "150 per 5 minutes with a burst of 30".
 */
export class TokenBucketLimiter {
  private readonly buckets = new Map<string, { tokens: number; updatedAt: number }>();
  private readonly refillPerMs: number;

  constructor(
    ratePerWindow: number,
    windowMs: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {
    this.refillPerMs = ratePerWindow / windowMs;
  }

  /** Takes one token for `key`; false when the bucket is empty. */
  take(key: string): boolean {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, updatedAt: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + (now - bucket.updatedAt) * this.refillPerMs);
    bucket.updatedAt = now;
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    this.buckets.set(key, bucket);
    return allowed;
  }
}
