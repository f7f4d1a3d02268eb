/**
 * Counts failed guesses of a secret (a TOTP code, an e-mail OTP) per key within a sliding
 * window. Kept in memory like GoTrue's own rate limiters: a restart forgets the counts, which
 * only the developer running the backend can cause.
 *
 * IMPORTANT: callers check and record in one synchronous step (`tryAttempt`) before they await
 * the verification, so concurrent requests cannot all pass the check before any failure counts.
 */
export class FailureCounter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((at) => at > cutoff);
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept;
  }

  /** Failures counted for `key` within the window. */
  count(key: string): number {
    return this.recent(key).length;
  }

  /**
   * Counts an attempt as a failure in advance; false (nothing counted) when the key has used up
   * its attempts. A successful verification then calls `succeeded`.
   */
  tryAttempt(key: string): boolean {
    const recent = this.recent(key);
    if (recent.length >= this.limit) return false;
    recent.push(this.now());
    this.failures.set(key, recent);
    this.sweep();
    return true;
  }

  succeeded(key: string): void {
    this.failures.delete(key);
  }

  /** Drops keys whose failures all left the window, so the map cannot grow without bound. */
  private sweep(): void {
    if (this.failures.size < 1000) return;
    for (const key of [...this.failures.keys()]) this.recent(key);
  }
}
