import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO, startTestBackend, type TestBackend } from './helpers';
import { TokenBucketLimiter } from '../src/auth/rate-limit';

let backend: TestBackend;

beforeAll(async () => {
  // GoTrue's default limit rather than the tests' "off", with a bucket no other test has drawn on.
  backend = await startTestBackend({ tokenRateLimit: { perFiveMinutes: 150, burst: 30 } });
});
afterAll(async () => {
  await backend?.close();
});

describe('the /token rate limit', () => {
  it('allows a burst of 30 per IP, then answers 429 over_request_rate_limit', async () => {
    const client = backend.client();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      // A new token each time: auth-js answers a repeated failing token from its own cache.
      const { error } = await client.auth.refreshSession({ refresh_token: `unknown${String(i).padStart(5, '0')}` });
      statuses.push(error?.status ?? 200);
    }
    // 30 calls fit the burst; refilling at 0.5 per second adds at most one more during the loop.
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(400));
    expect(statuses.at(-1)).toBe(429);
    const { error } = await client.auth.signInWithPassword(DEMO);
    expect(error).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
      name: 'AuthApiError',
    });
  });
});

describe('the token bucket', () => {
  it('refills at 150 per 5 minutes (one every 2 s) up to the burst, per key', () => {
    let now = 0;
    const limiter = new TokenBucketLimiter(150, 300_000, 30, () => now);
    for (let i = 0; i < 30; i += 1) expect(limiter.take('a')).toBe(true);
    expect(limiter.take('a')).toBe(false);
    expect(limiter.take('b')).toBe(true);
    now += 1999;
    expect(limiter.take('a')).toBe(false);
    now += 1;
    expect(limiter.take('a')).toBe(true);
    now += 3_600_000;
    for (let i = 0; i < 30; i += 1) expect(limiter.take('a')).toBe(true);
    expect(limiter.take('a')).toBe(false);
  });
});
