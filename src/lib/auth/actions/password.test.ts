// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { fromAddress, limiter, resetFakes, testEnv } from '@/test-doubles/auth';

vi.mock('next/headers', async () => (await import('@/test-doubles/auth')).headersModule);
vi.mock('next/navigation', async () => (await import('@/test-doubles/auth')).navigationModule);
vi.mock('@/lib/supabase/admin', async () => (await import('@/test-doubles/auth')).adminModule);
vi.mock('next-intl/server', () => ({ getLocale: async () => 'nl' }));

const auth = vi.hoisted(() => ({
  current: 'the-current-password',
  resetPasswordForEmail: vi.fn(),
  updateUser: vi.fn(),
  checkCurrentPassword: vi.fn(),
}));

vi.mock('@/lib/supabase/server', () => ({
  createClient: async () => ({ auth: { resetPasswordForEmail: auth.resetPasswordForEmail, updateUser: auth.updateUser } }),
}));

vi.mock('@/lib/auth/server-session', async () => {
  const { createClient } = await import('@/lib/supabase/server');
  const signedIn = async () => ({ state: 'signedIn', supabase: await createClient(), user: { id: 'user-1', email: 'demo@bitwerf.nl' } });
  return { getServerSession: signedIn, requireSignedIn: signedIn };
});

vi.mock('@/lib/auth/verify-password', () => ({ checkCurrentPassword: auth.checkCurrentPassword }));

for (const [name, value] of Object.entries(testEnv)) vi.stubEnv(name, value);
vi.stubEnv('SUPABASE_URL', undefined);
vi.stubEnv('AUTH_RATE_LIMIT_CLIENT_FACTOR', undefined);

const { changePassword, requestPasswordReset, resetPassword } = await import('./password');

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const existing = 'demo@bitwerf.nl';
const authError = (status: number, code: string) => ({ name: 'AuthApiError', status, code, message: code, __isAuthError: true });

beforeEach(() => {
  resetFakes();
  fromAddress('203.0.113.10');
  // Like GoTrue: unknown addresses get the same empty answer; a second e-mail to a known one within 60 s is refused.
  const sentTo = new Set<string>();
  auth.resetPasswordForEmail.mockReset().mockImplementation(async (email: string) => {
    if (email !== existing) return { data: {}, error: null };
    if (sentTo.has(email)) return { data: null, error: authError(429, 'over_email_send_rate_limit') };
    sentTo.add(email);
    return { data: {}, error: null };
  });
  auth.updateUser.mockReset().mockResolvedValue({ data: {}, error: null });
  auth.checkCurrentPassword
    .mockReset()
    .mockImplementation(async (_email: string, password: string) => (password === auth.current ? 'ok' : 'wrong'));
});

describe('requestPasswordReset', () => {
  const start = { email: '', sent: false };

  it.each([null, 'email=a', {}, { get: () => existing }])('answers a malformed call (%j)', async (payload) => {
    // @ts-expect-error -- a caller outside the app can send anything.
    expect(await requestPasswordReset(null, payload)).toEqual({ email: '', sent: false, error: { key: 'unknown' } });
    expect(auth.resetPasswordForEmail).not.toHaveBeenCalled();
  });

  it('gives the same answer for a known and an unknown address, also when asked twice', async () => {
    const answers = [];
    for (const email of [existing, existing, 'nobody@bitwerf.nl', 'nobody@bitwerf.nl']) {
      const { sent, error } = await requestPasswordReset(start, form({ email }));
      answers.push({ sent, error });
    }
    expect(answers).toEqual(Array(4).fill({ sent: true, error: undefined }));
  });

  it('sends the link to this locale’s confirm route, built from the site URL', async () => {
    await requestPasswordReset(start, form({ email: existing }));
    const redirectTo = new URL(auth.resetPasswordForEmail.mock.calls[0]?.[1]?.redirectTo);
    expect(redirectTo.pathname).toBe('/auth/confirm');
    expect(redirectTo.searchParams.get('next')).toBe('/reset-password');
  });

  it('limits requests per address, the same way whether or not it has an account', async () => {
    for (const email of [existing, 'nobody@bitwerf.nl']) {
      const keys = [];
      for (let i = 0; i < 4; i += 1) {
        fromAddress(`203.0.113.${i}`);
        keys.push((await requestPasswordReset(start, form({ email }))).error?.key);
      }
      expect(keys).toEqual([undefined, undefined, undefined, 'rateLimited']);
    }
  });

  it('limits requests per client', async () => {
    const keys = [];
    for (let i = 0; i < 6; i += 1) keys.push((await requestPasswordReset(start, form({ email: `user${i}@example.com` }))).error?.key);
    expect(keys).toEqual([undefined, undefined, undefined, undefined, undefined, 'rateLimited']);
  });

  it('says the service is unreachable when the limits cannot be read', async () => {
    limiter.broken = true;
    expect((await requestPasswordReset(start, form({ email: existing }))).error?.key).toBe('unavailable');
    expect(auth.resetPasswordForEmail).not.toHaveBeenCalled();
  });
});

describe('changePassword', () => {
  const start = { done: false };
  const change = (fields: Record<string, string>) => changePassword(start, form(fields));

  it.each([null, 'current=x', {}, 3])('answers a malformed call (%j)', async (payload) => {
    // @ts-expect-error -- a caller outside the app can send anything.
    expect(await changePassword(null, payload)).toEqual({ done: false, error: { key: 'unknown' } });
  });

  it('asks for the current password', async () => {
    expect(await change({ password: 'a-new-password', confirm: 'a-new-password' })).toEqual({
      done: false,
      error: { key: 'currentPasswordRequired', field: 'current' },
    });
    expect(auth.updateUser).not.toHaveBeenCalled();
  });

  it('refuses a wrong current password and changes nothing', async () => {
    expect(await change({ current: 'not-it', password: 'a-new-password', confirm: 'a-new-password' })).toEqual({
      done: false,
      error: { key: 'currentPasswordWrong', field: 'current' },
    });
    expect(auth.checkCurrentPassword).toHaveBeenCalledWith('demo@bitwerf.nl', 'not-it');
    expect(auth.updateUser).not.toHaveBeenCalled();
  });

  it('changes the password after the current one checks out, and hands it to Auth too', async () => {
    expect(await change({ current: auth.current, password: 'a-new-password', confirm: 'a-new-password' })).toEqual({ done: true });
    expect(auth.updateUser).toHaveBeenCalledWith({ password: 'a-new-password', current_password: auth.current });
  });

  it('checks the new password before asking Auth anything', async () => {
    expect((await change({ current: auth.current, password: 'short', confirm: 'short' })).error?.key).toBe('passwordTooShort');
    expect(auth.checkCurrentPassword).not.toHaveBeenCalled();
  });

  it('stops guessing the current password after 5 misses', async () => {
    for (let i = 0; i < 5; i += 1) await change({ current: `guess-${i}`, password: 'a-new-password', confirm: 'a-new-password' });
    expect((await change({ current: auth.current, password: 'a-new-password', confirm: 'a-new-password' })).error?.key).toBe('rateLimited');
    expect(auth.checkCurrentPassword).toHaveBeenCalledTimes(5);
  });

  it('passes on an outage of the check', async () => {
    auth.checkCurrentPassword.mockResolvedValue('unavailable');
    expect((await change({ current: auth.current, password: 'a-new-password', confirm: 'a-new-password' })).error?.key).toBe('unavailable');
  });
});

describe('resetPassword', () => {
  it('needs no current password: the e-mailed link is the proof', async () => {
    expect(await resetPassword({ done: false }, form({ password: 'a-new-password', confirm: 'a-new-password' }))).toEqual({ done: true });
    expect(auth.updateUser).toHaveBeenCalledWith({ password: 'a-new-password' });
  });

  it('answers a malformed call', async () => {
    // @ts-expect-error -- a caller outside the app can send anything.
    expect(await resetPassword(undefined, 'password=x')).toEqual({ done: false, error: { key: 'unknown' } });
  });
});
