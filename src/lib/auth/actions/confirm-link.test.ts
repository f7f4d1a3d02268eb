// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { fromAddress, limiter, redirectOf, resetFakes, testEnv } from '@/test-doubles/auth';

vi.mock('next/headers', async () => (await import('@/test-doubles/auth')).headersModule);
vi.mock('next/navigation', async () => (await import('@/test-doubles/auth')).navigationModule);
vi.mock('@/lib/supabase/admin', async () => (await import('@/test-doubles/auth')).adminModule);

const verifyOtp = vi.hoisted(() => vi.fn());
vi.mock('@/lib/supabase/server', () => ({ createClient: async () => ({ auth: { verifyOtp } }) }));

for (const [name, value] of Object.entries(testEnv)) vi.stubEnv(name, value);
vi.stubEnv('SUPABASE_URL', undefined);
vi.stubEnv('AUTH_RATE_LIMIT_CLIENT_FACTOR', undefined);

const { confirmEmailLink } = await import('./confirm-link');

const good = 'a'.repeat(56);

/** Presses the confirm page's button for a link with this query: its fields, posted as the form. */
function open(query: string, locale = 'en') {
  const form = new FormData();
  for (const [name, value] of new URLSearchParams(query)) form.append(name, value);
  return redirectOf(() => confirmEmailLink(locale, form));
}

beforeEach(() => {
  resetFakes();
  fromAddress('203.0.113.10');
  verifyOtp
    .mockReset()
    .mockImplementation(async ({ token_hash }: { token_hash: string }) =>
      token_hash === good ? { data: {}, error: null } : { data: null, error: { name: 'AuthApiError', status: 403, code: 'otp_expired' } },
    );
});

describe('the confirm page’s button (confirmEmailLink)', () => {
  it('trades a good token for the session and goes to next', async () => {
    expect(await open(`token_hash=${good}&type=recovery&next=%2Fen%2Freset-password`)).toBe('/en/reset-password');
  });

  it.each(['/.//evil.example/phish', '/a/..//evil.example', '/%2e//evil.example', '//evil.example', 'https://evil.example'])(
    'stays on the site for next=%s',
    async (next) => {
      expect(await open(`token_hash=${good}&type=recovery&next=${encodeURIComponent(next)}`)).toBe('/en/account');
    },
  );

  it.each([
    ['nothing', ''],
    ['no token', 'type=recovery'],
    ['no type', `token_hash=${good}`],
    ['an unknown type', `token_hash=${good}&type=sms`],
    ['a 5,000-character token', `token_hash=${'a'.repeat(5000)}&type=recovery`],
  ])('sends a link with %s to the dead-link page without asking Auth', async (_kind, query) => {
    expect(await open(query)).toBe('/en/reset-password?link=invalid');
    expect(verifyOtp).not.toHaveBeenCalled();
  });

  it.each([
    [
      'a second token_hash (a link planted through redirect_to)',
      `token_hash=evil&type=recovery&next=%2Fen%2Faccount&x=&token_hash=${good}&type=recovery`,
    ],
    ['a second type', `token_hash=${good}&type=recovery&type=email`],
    ['a second next', `token_hash=${good}&type=recovery&next=%2Fen%2Faccount&next=%2Fen%2Freset-password`],
  ])('refuses a link with %s without asking Auth (review 2, finding 5)', async (_kind, query) => {
    expect(await open(query)).toBe('/en/reset-password?link=invalid');
    expect(verifyOtp).not.toHaveBeenCalled();
  });

  it('limits dead links per client before Auth, and holds the good link back without spending it', async () => {
    for (let i = 0; i < 10; i += 1) expect(await open(`token_hash=guess${i}&type=recovery`)).toBe('/en/reset-password?link=invalid');
    expect(await open(`token_hash=${good}&type=recovery`)).toBe('/en/reset-password?link=limited');
    expect(verifyOtp).toHaveBeenCalledTimes(10);
    // Another client is not held back by it.
    fromAddress('192.0.2.20');
    expect(await open(`token_hash=${good}&type=recovery&next=%2Fen%2Freset-password`)).toBe('/en/reset-password');
  });

  it('does not count good links', async () => {
    for (let i = 0; i < 12; i += 1) expect(await open(`token_hash=${good}&type=recovery`)).toBe('/en/account');
  });

  it('says so when the limits or Auth cannot be reached', async () => {
    limiter.broken = true;
    expect(await open(`token_hash=${good}&type=recovery`)).toBe('/en/reset-password?link=unavailable');
    limiter.broken = false;
    verifyOtp.mockResolvedValue({ data: null, error: { name: 'AuthRetryableFetchError', status: 0 } });
    expect(await open(`token_hash=${good}&type=recovery`)).toBe('/en/reset-password?link=unavailable');
  });

  it('uses the Dutch paths without a prefix', async () => {
    expect(await open('type=recovery', 'nl')).toBe('/reset-password?link=invalid');
  });
});
