import { describe, expect, it } from 'vitest';

const { LOCAL_RATE_LIMIT_SECRET, LOCAL_WITHDRAW_LINK_SECRET, readServerEnv } = await import('@/lib/env/server');

const hosted = 'https://abcdefgh.supabase.co';
const local = 'http://127.0.0.1:54321';
const secret = 'x'.repeat(40);

describe('readServerEnv', () => {
  it('uses a built-in secret and no proxy when the backend runs on this machine', () => {
    expect(readServerEnv({}, local)).toEqual({
      rateLimitSecret: LOCAL_RATE_LIMIT_SECRET,
      withdrawLinkSecrets: [LOCAL_WITHDRAW_LINK_SECRET],
      trustedProxyCount: 0,
      onVercel: false,
      authClientLimitFactor: 1,
      applicationSiteCap: 100,
    });
    expect(readServerEnv({}, 'http://localhost:54321').rateLimitSecret).toBe(LOCAL_RATE_LIMIT_SECRET);
  });

  it('names every missing setting at once for a hosted project', () => {
    const read = () => readServerEnv({}, hosted);
    expect(read).toThrow(/RATE_LIMIT_SECRET is missing/);
    expect(read).toThrow(/SUPABASE_SERVICE_ROLE_KEY is missing/);
    expect(read).toThrow(/WITHDRAW_LINK_SECRET is missing/);
  });

  it('never falls back to the built-in withdraw link secret for a hosted project', () => {
    expect(() => readServerEnv({ SUPABASE_SERVICE_ROLE_KEY: 'key', RATE_LIMIT_SECRET: secret }, hosted)).toThrow(
      /WITHDRAW_LINK_SECRET is missing/,
    );
  });

  it('reads the withdraw link secrets, the one that signs first, and refuses short ones', () => {
    const next = 'y'.repeat(40);
    expect(readServerEnv({ WITHDRAW_LINK_SECRET: ` ${next} , ${secret} ` }, local).withdrawLinkSecrets).toEqual([next, secret]);
    expect(() => readServerEnv({ WITHDRAW_LINK_SECRET: `${next},short` }, local)).toThrow(
      /WITHDRAW_LINK_SECRET: every secret needs at least 32/,
    );
    expect(() => readServerEnv({ WITHDRAW_LINK_SECRET: `${next},,${secret}` }, local)).toThrow(/WITHDRAW_LINK_SECRET/);
    // Its own secret: reusing the rate-limit key would tie the two rotations together again.
    expect(() => readServerEnv({ RATE_LIMIT_SECRET: secret, WITHDRAW_LINK_SECRET: secret }, local)).toThrow(
      /WITHDRAW_LINK_SECRET must differ from RATE_LIMIT_SECRET/,
    );
  });

  it('never falls back to the built-in secret for a hosted project', () => {
    expect(() => readServerEnv({ SUPABASE_SERVICE_ROLE_KEY: 'key' }, hosted)).toThrow(/RATE_LIMIT_SECRET/);
    // A host that only starts like a loopback name is not one.
    expect(() => readServerEnv({ SUPABASE_SERVICE_ROLE_KEY: 'key' }, 'https://127.0.0.1.evil.example')).toThrow(/RATE_LIMIT_SECRET/);
  });

  it('refuses a short secret, also locally', () => {
    expect(() => readServerEnv({ RATE_LIMIT_SECRET: 'short' }, local)).toThrow(/RATE_LIMIT_SECRET is too short/);
  });

  it('reads the hosted settings', () => {
    const env = readServerEnv(
      {
        RATE_LIMIT_SECRET: secret,
        WITHDRAW_LINK_SECRET: 'w'.repeat(40),
        SUPABASE_SERVICE_ROLE_KEY: 'key',
        TRUSTED_PROXY_COUNT: '2',
        VERCEL: '1',
        AUTH_RATE_LIMIT_CLIENT_FACTOR: '50',
        APPLICATION_SITE_CAP_PER_HOUR: '1000',
      },
      hosted,
    );
    expect(env).toEqual({
      rateLimitSecret: secret,
      withdrawLinkSecrets: ['w'.repeat(40)],
      trustedProxyCount: 2,
      onVercel: true,
      authClientLimitFactor: 50,
      applicationSiteCap: 1000,
    });
  });

  it.each(['-1', '1.5', 'two', '11', '1e1'])('refuses TRUSTED_PROXY_COUNT=%s', (value) => {
    expect(() => readServerEnv({ TRUSTED_PROXY_COUNT: value }, local)).toThrow(/TRUSTED_PROXY_COUNT must be a whole number/);
  });

  it.each(['0', '-5', 'many', '100001'])('refuses APPLICATION_SITE_CAP_PER_HOUR=%s', (value) => {
    expect(() => readServerEnv({ APPLICATION_SITE_CAP_PER_HOUR: value }, local)).toThrow(/APPLICATION_SITE_CAP_PER_HOUR/);
  });

  it.each(['0', '-2', 'lots', '1001'])('refuses AUTH_RATE_LIMIT_CLIENT_FACTOR=%s', (value) => {
    expect(() => readServerEnv({ AUTH_RATE_LIMIT_CLIENT_FACTOR: value }, local)).toThrow(/AUTH_RATE_LIMIT_CLIENT_FACTOR/);
  });

  it('refuses a production start with no client address the client cannot forge, and names the settings', () => {
    const production = {
      NODE_ENV: 'production',
      RATE_LIMIT_SECRET: secret,
      WITHDRAW_LINK_SECRET: 'w'.repeat(40),
      SUPABASE_SERVICE_ROLE_KEY: 'key',
    };
    expect(() => readServerEnv(production, hosted)).toThrow(/No trustworthy client address.*TRUSTED_PROXY_COUNT/);
    expect(() => readServerEnv(production, local)).toThrow(/No trustworthy client address/);
    expect(readServerEnv({ ...production, TRUSTED_PROXY_COUNT: '1' }, hosted).trustedProxyCount).toBe(1);
    expect(readServerEnv({ ...production, VERCEL: '1' }, hosted).onVercel).toBe(true);
    // Development serves its developer alone.
    expect(readServerEnv({ NODE_ENV: 'development' }, local).trustedProxyCount).toBe(0);
  });

  it('only trusts VERCEL when it is exactly 1', () => {
    expect(readServerEnv({ VERCEL: 'true' }, local).onVercel).toBe(false);
  });
});
