// @vitest-environment node
import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';

import { testEnv } from '@/test-doubles/auth';

for (const [name, value] of Object.entries(testEnv)) vi.stubEnv(name, value);

const { GET } = await import('./route');
const { createWithdrawToken } = await import('@/lib/applications/withdraw-token');

const id = '3f1c2a9e-5b7d-4e8f-9a0b-1c2d3e4f5a6b';

function open(query: string, locale = 'en') {
  return GET(new NextRequest(`http://localhost:3213/${locale === 'nl' ? '' : 'en/'}applications/withdraw?${query}`), {
    params: Promise.resolve({ locale }),
  });
}

// The mailed link (/applications/withdraw?token=…) is a bearer capability for a year. Analytics,
// history and Referer headers must never see it (review 2, finding 3).
describe('GET /applications/withdraw (the link in the confirmation mail)', () => {
  it('trades the token for a short-lived HttpOnly cookie of the confirm page and leaves for a token-free address', async () => {
    const { token } = await createWithdrawToken(id, new Date());
    const response = await open(`token=${token}`);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/en/applications/withdraw/confirm');
    expect(response.headers.get('set-cookie')).toBe(
      `application-withdraw=${token}; Path=/en/applications/withdraw/confirm; Max-Age=1800; HttpOnly; SameSite=Lax`,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('uses the Dutch paths without a prefix', async () => {
    const { token } = await createWithdrawToken(id, new Date());
    const response = await open(`token=${token}`, 'nl');
    expect(response.headers.get('location')).toBe('/applications/withdraw/confirm');
    expect(response.headers.get('set-cookie')).toContain('Path=/applications/withdraw/confirm;');
  });

  it.each([
    ['no token', ''],
    ['a token that is not ours', 'token=a.b.c'],
    ['two tokens', 'token=x&token=y'],
  ])('with %s, clears any earlier cookie and shows the page that says the link does not work', async (_kind, query) => {
    const response = await open(query);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/en/applications/withdraw/confirm');
    expect(response.headers.get('set-cookie')).toBe(
      'application-withdraw=; Path=/en/applications/withdraw/confirm; Max-Age=0; HttpOnly; SameSite=Lax',
    );
  });

  it('refuses a second copy of a good token too', async () => {
    const { token } = await createWithdrawToken(id, new Date());
    expect((await open(`token=${token}&token=${token}`)).headers.get('set-cookie')).toContain('Max-Age=0;');
  });
});
