// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';

// Port 9 (discard) on loopback: nothing listens, so connections are refused at once.
vi.stubEnv('NEXT_PUBLIC_SUPABASE_URL', 'http://127.0.0.1:9');
vi.stubEnv('SUPABASE_URL', undefined);
vi.stubEnv('NEXT_PUBLIC_SUPABASE_ANON_KEY', 'anon-key');
vi.stubEnv('SUPABASE_SERVICE_ROLE_KEY', 'service-role-key');
vi.stubEnv('RATE_LIMIT_SECRET', 'r'.repeat(40));

const { consumeRateLimit, isOverLimit, rateLimitKey } = await import('./rate-limit');

describe('the limiter with an unreachable database', () => {
  it('answers null at once instead of retrying, so a form does not hang', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const started = Date.now();
    expect(await isOverLimit('test:bucket', 5, 60)).toBeNull();
    expect(await consumeRateLimit('test:bucket', 5, 60)).toBeNull();
    // With retries the read alone would wait 1 + 2 + 4 s.
    expect(Date.now() - started).toBeLessThan(3000);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});

describe('rateLimitKey', () => {
  it('separates purposes and is stable', () => {
    expect(rateLimitKey('ip', '203.0.113.7')).toBe(rateLimitKey('ip', '203.0.113.7'));
    expect(rateLimitKey('ip', '203.0.113.7')).not.toBe(rateLimitKey('account', '203.0.113.7'));
    expect(rateLimitKey('ip', '203.0.113.7')).toMatch(/^[\w-]{32}$/);
  });
});
