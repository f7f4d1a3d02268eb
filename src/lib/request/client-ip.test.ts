// @vitest-environment node
import { createHash } from 'node:crypto';

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const requestHeaders = vi.hoisted(() => ({ current: new Headers() }));
vi.mock('next/headers', () => ({ headers: async () => requestHeaders.current }));

/** clientIpKey for a request with these headers, under a fresh module (the env is read once per process). */
async function keyFor(headers: Record<string, string>): Promise<string> {
  vi.resetModules();
  requestHeaders.current = new Headers(headers);
  const { clientIpKey } = await import('./client-ip');
  return clientIpKey();
}

describe('clientIpKey', () => {
  beforeEach(() => {
    vi.stubEnv('NEXT_PUBLIC_SUPABASE_URL', 'http://127.0.0.1:54321');
    vi.stubEnv('NEXT_PUBLIC_SUPABASE_ANON_KEY', 'anon-key');
    vi.stubEnv('SUPABASE_URL', undefined);
    vi.stubEnv('RATE_LIMIT_SECRET', 's'.repeat(40));
    vi.stubEnv('TRUSTED_PROXY_COUNT', undefined);
    vi.stubEnv('VERCEL', undefined);
  });
  afterEach(() => vi.unstubAllEnvs());

  it('puts every request in one shared bucket when no proxy is configured, whatever it claims', async () => {
    const keys = new Set<string>();
    const cases: Record<string, string>[] = [
      {},
      { 'x-forwarded-for': '198.51.100.1' },
      { 'x-forwarded-for': '198.51.100.2, 203.0.113.77' },
      { 'x-forwarded-for': '', 'x-real-ip': '198.51.100.3' },
      { 'x-vercel-forwarded-for': '198.51.100.4' },
    ];
    for (const headers of cases) keys.add(await keyFor(headers));
    expect([...keys]).toEqual(['shared']);
  });

  it('in the local preview, where Next writes the connection into X-Forwarded-For, keys each client apart', async () => {
    // npm start without a project counts Next as the one proxy (scripts/start.ts).
    vi.stubEnv('TRUSTED_PROXY_COUNT', '1');
    const clients = ['127.0.0.1', '::ffff:127.0.0.2', '::1'];
    const keys: string[] = [];
    for (const address of clients) keys.push(await keyFor({ 'x-forwarded-for': address }));
    expect(new Set(keys).size).toBe(3);
    expect(keys).not.toContain('shared');
  });

  it('behind one proxy, ignores what the client put left of the proxy’s entry', async () => {
    vi.stubEnv('TRUSTED_PROXY_COUNT', '1');
    const rotated = new Set<string>();
    for (let i = 0; i < 10; i += 1) rotated.add(await keyFor({ 'x-forwarded-for': `198.51.100.${i}, 203.0.113.77` }));
    expect(rotated.size).toBe(1);
    const other = await keyFor({ 'x-forwarded-for': '198.51.100.1, 203.0.113.78' });
    expect(rotated.has(other)).toBe(false);
    expect(await keyFor({})).toBe('shared');
  });

  it('on Vercel, keys by x-vercel-forwarded-for', async () => {
    vi.stubEnv('VERCEL', '1');
    const a = await keyFor({ 'x-vercel-forwarded-for': '203.0.113.77', 'x-forwarded-for': '198.51.100.1' });
    const b = await keyFor({ 'x-vercel-forwarded-for': '203.0.113.77', 'x-forwarded-for': '198.51.100.2' });
    expect(a).toBe(b);
    expect(a).not.toBe('shared');
  });

  it('is an HMAC under the server secret, not a bare hash of the address', async () => {
    vi.stubEnv('TRUSTED_PROXY_COUNT', '1');
    const key = await keyFor({ 'x-forwarded-for': '203.0.113.7' });
    expect(key).toMatch(/^[\w-]{32}$/);
    expect(key).not.toContain('203.0.113.7');
    expect(key).not.toBe(createHash('sha256').update('203.0.113.7').digest('base64url').slice(0, 32));
    vi.stubEnv('RATE_LIMIT_SECRET', 't'.repeat(40));
    expect(await keyFor({ 'x-forwarded-for': '203.0.113.7' })).not.toBe(key);
  });

  it('counts an IPv6 client by its /64', async () => {
    vi.stubEnv('TRUSTED_PROXY_COUNT', '1');
    const a = await keyFor({ 'x-forwarded-for': '2001:db8:1:2::1' });
    const b = await keyFor({ 'x-forwarded-for': '2001:db8:1:2:ffff:ffff:ffff:fffe' });
    const c = await keyFor({ 'x-forwarded-for': '2001:db8:1:3::1' });
    expect(a).toBe(b);
    expect(a).not.toBe(c);
  });
});
