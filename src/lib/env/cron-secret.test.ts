import { describe, expect, it } from 'vitest';

const { isCronAuthorization, readCronSecret } = await import('@/lib/env/cron-secret');

const secret = 'c'.repeat(48);

describe('readCronSecret', () => {
  it('is optional: unset or empty means no scheduled run', () => {
    expect(readCronSecret({})).toBeUndefined();
    expect(readCronSecret({ CRON_SECRET: '' })).toBeUndefined();
  });

  it('names the variable when it is too short or has spaces', () => {
    expect(() => readCronSecret({ CRON_SECRET: 'short' })).toThrow(/CRON_SECRET is too short/);
    expect(() => readCronSecret({ CRON_SECRET: ` ${secret}` })).toThrow(/CRON_SECRET must not contain spaces/);
    expect(() => readCronSecret({ CRON_SECRET: `${secret}\n` })).toThrow(/CRON_SECRET/);
  });

  it('reads a good one', () => {
    expect(readCronSecret({ CRON_SECRET: secret })).toBe(secret);
  });
});

describe('isCronAuthorization', () => {
  it('accepts exactly the bearer token', () => {
    expect(isCronAuthorization(`Bearer ${secret}`, secret)).toBe(true);
    expect(isCronAuthorization(`bearer ${secret}`, secret)).toBe(true);
  });

  it.each([
    null,
    '',
    secret,
    `Bearer ${secret}x`,
    `Bearer ${secret.slice(1)}`,
    `Basic ${secret}`,
    `Bearer  ${secret}`,
    `Bearer ${secret} extra`,
    'Bearer ',
  ])('refuses %s', (header) => {
    expect(isCronAuthorization(header, secret)).toBe(false);
  });
});
