// @vitest-environment node
import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';

import { newEnrolmentToken } from '@/lib/staff/enrolment-token';
import { testEnv } from '@/test-doubles/auth';

for (const [name, value] of Object.entries(testEnv)) vi.stubEnv(name, value);

const { GET } = await import('./route');

function open(query: string, locale = 'en') {
  return GET(new NextRequest(`http://localhost:3213/${locale === 'nl' ? '' : 'en/'}account/enrol?${query}`), {
    params: Promise.resolve({ locale }),
  });
}

// The staff enrolment link is a bearer secret for a day; analytics, history and Referer headers must never see it.
describe('GET /account/enrol (the staff enrolment link)', () => {
  it('trades the token for an HttpOnly cookie of the account page and leaves for the token-free two-factor step', async () => {
    const token = newEnrolmentToken();
    const response = await open(`token=${token}`);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/en/account#staff-two-factor');
    expect(response.headers.get('set-cookie')).toBe(`staff-enrolment=${token}; Path=/en/account; Max-Age=3600; HttpOnly; SameSite=Lax`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('uses the Dutch paths without a prefix', async () => {
    const response = await open(`token=${newEnrolmentToken()}`, 'nl');
    expect(response.headers.get('location')).toBe('/account#staff-two-factor');
    expect(response.headers.get('set-cookie')).toContain('Path=/account;');
  });

  it.each([
    ['no token', ''],
    ['a malformed token', 'token=abc%3Cscript%3E'],
    ['two tokens', `token=${newEnrolmentToken()}&token=${newEnrolmentToken()}`],
  ])('clears any earlier cookie for %s', async (_kind, query) => {
    const response = await open(query);
    expect(response.status).toBe(303);
    expect(response.headers.get('set-cookie')).toBe('staff-enrolment=; Path=/en/account; Max-Age=0; HttpOnly; SameSite=Lax');
  });
});
