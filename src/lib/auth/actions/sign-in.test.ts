// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { fromAddress, limiter, redirectOf, request, resetFakes, testEnv } from '@/test-doubles/auth';

vi.mock('next/headers', async () => (await import('@/test-doubles/auth')).headersModule);
vi.mock('next/navigation', async () => (await import('@/test-doubles/auth')).navigationModule);
vi.mock('@/lib/supabase/admin', async () => (await import('@/test-doubles/auth')).adminModule);
vi.mock('next-intl/server', () => ({ getLocale: async () => 'en', getTranslations: async () => (key: string) => key }));

/** The Auth side: one account with one password, and a session state for the code step. */
const auth = vi.hoisted(() => ({
  password: 'the-right-password',
  email: 'demo@bitwerf.nl',
  factors: false,
  session: 'anonymous' as 'anonymous' | 'needsCode' | 'signedIn',
  code: '123456',
  signInWithPassword: vi.fn(),
  challengeAndVerify: vi.fn(),
}));

vi.mock('@/lib/supabase/server', () => ({
  createClient: async () => ({
    auth: {
      signInWithPassword: auth.signInWithPassword,
      mfa: {
        listFactors: async () => ({ data: { totp: [{ id: 'factor-1' }] }, error: null }),
        challengeAndVerify: auth.challengeAndVerify,
      },
    },
  }),
}));

vi.mock('@/lib/auth/server-session', async () => ({
  hasVerifiedFactor: () => auth.factors,
  getServerSession: async () => {
    const { createClient } = await import('@/lib/supabase/server');
    const supabase = await createClient();
    const user = { id: 'user-1', email: auth.email };
    return auth.session === 'anonymous' ? { state: 'anonymous', supabase } : { state: auth.session, supabase, user };
  },
}));

for (const [name, value] of Object.entries(testEnv)) vi.stubEnv(name, value);
vi.stubEnv('SUPABASE_URL', undefined);
vi.stubEnv('AUTH_RATE_LIMIT_CLIENT_FACTOR', undefined);

const { signInWithPassword, verifySignInCode } = await import('./sign-in');
const { DEVICE_COOKIE } = await import('@/lib/auth/device');
const { AUTH_SERVER_ADDRESS_BUDGET } = await import('@/lib/auth/throttle');

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const start = { step: 'password' as const, email: '' };

async function attempt(email: string, password: string) {
  return signInWithPassword(start, form({ email, password, next: '/en/account' }));
}

beforeEach(() => {
  resetFakes();
  auth.factors = false;
  auth.session = 'anonymous';
  auth.signInWithPassword
    .mockReset()
    .mockImplementation(async ({ email, password }: { email: string; password: string }) =>
      email === auth.email && password === auth.password
        ? { data: { user: { id: 'user-1', email } }, error: null }
        : { data: { user: null }, error: { name: 'AuthApiError', status: 400, code: 'invalid_credentials' } },
    );
  auth.challengeAndVerify
    .mockReset()
    .mockImplementation(async ({ code }: { code: string }) =>
      code === auth.code
        ? { data: {}, error: null }
        : { data: null, error: { name: 'AuthApiError', status: 422, code: 'mfa_verification_failed' } },
    );
});

describe('signInWithPassword', () => {
  it.each([null, undefined, 'email=a', 42, {}, { get: () => 'x' }, [['email', 'a']]])(
    'answers a malformed call (%j) without asking Auth',
    async (payload) => {
      // @ts-expect-error -- a caller outside the app can send anything as the form.
      expect(await signInWithPassword(null, payload)).toEqual({ step: 'password', email: '', error: { key: 'unknown' } });
      expect(auth.signInWithPassword).not.toHaveBeenCalled();
    },
  );

  it('treats a file where the password should be as a missing password', async () => {
    const data = form({ email: auth.email });
    data.set('password', new Blob(['x']), 'password.txt');
    expect((await signInWithPassword(start, data)).error).toEqual({ key: 'passwordRequired', field: 'password' });
  });

  it('signs in and remembers the browser for the account', async () => {
    fromAddress('203.0.113.10');
    expect(await redirectOf(() => attempt(auth.email, auth.password))).toBe('/en/account');
    expect(request.cookies.get(DEVICE_COOKIE)).toMatch(/^[\w-]{24}\.[\w-]{32}$/);
  });

  it("answers Auth's own limit with 'try again in a minute' and does not count it as the visitor's failure", async () => {
    fromAddress('203.0.113.30');
    const busy = { data: { user: null }, error: { name: 'AuthApiError', status: 429, code: 'over_request_rate_limit' } };
    auth.signInWithPassword.mockResolvedValueOnce(busy).mockResolvedValueOnce(busy);
    expect((await attempt(auth.email, 'the-right-password')).error?.key).toBe('authBusy');
    expect((await attempt(auth.email, 'the-right-password')).error?.key).toBe('authBusy');
    expect(limiter.hits.filter((hit) => hit.bucket.includes(':account'))).toEqual([]);
    expect(await redirectOf(() => attempt(auth.email, auth.password))).toBe('/en/account');
  });

  it("stops one client, whatever the accounts, before it spends a third of Auth's per-address budget, which every visitor shares", async () => {
    fromAddress('203.0.113.31');
    const answers: (string | undefined)[] = [];
    for (let i = 0; i < AUTH_SERVER_ADDRESS_BUDGET.max; i += 1) answers.push((await attempt(`visitor-${i}@example.com`, 'x')).error?.key);
    const reachedAuth = auth.signInWithPassword.mock.calls.length;
    expect(reachedAuth * 3).toBeLessThan(AUTH_SERVER_ADDRESS_BUDGET.max);
    expect(answers.slice(0, reachedAuth).every((key) => key === 'invalidCredentials')).toBe(true);
    expect(answers.slice(reachedAuth).every((key) => key === 'rateLimited')).toBe(true);
    // Another client still gets through.
    fromAddress('203.0.113.32');
    expect(await redirectOf(() => attempt(auth.email, auth.password))).toBe('/en/account');
  });

  it('stops wrong passwords per account and client before Auth, even for the right password', async () => {
    fromAddress('203.0.113.66');
    for (let i = 0; i < 5; i += 1) expect((await attempt(auth.email, `guess-${i}`)).error?.key).toBe('invalidCredentials');
    expect((await attempt(auth.email, auth.password)).error?.key).toBe('rateLimited');
    expect(auth.signInWithPassword).toHaveBeenCalledTimes(5);
  });

  it('counts the account the way Auth matches it: trimmed and in any case', async () => {
    fromAddress('203.0.113.66');
    for (const variant of ['demo@bitwerf.nl', 'DEMO@bitwerf.nl', ' Demo@Bitwerf.NL ', 'demo@BITWERF.nl', 'dEmo@bitwerf.nl']) {
      await attempt(variant, 'wrong');
    }
    expect((await attempt(auth.email, auth.password)).error?.key).toBe('rateLimited');
  });

  it('one visitor with 40 wrong passwords and made-up X-Forwarded-For entries cannot lock the real user out', async () => {
    for (let i = 0; i < 40; i += 1) {
      request.headers = new Headers({ 'x-forwarded-for': `198.51.100.${i}, 203.0.113.66` });
      request.cookies = new Map();
      await attempt(auth.email, `guess-${i}`);
    }
    // Auth saw 5 of them, so its own per-address budget (shared by every visitor) is intact.
    expect(auth.signInWithPassword).toHaveBeenCalledTimes(5);
    // The real user, from their own address, in a browser that never signed in before.
    fromAddress('192.0.2.20');
    expect(await redirectOf(() => attempt(auth.email, auth.password))).toBe('/en/account');
  });

  it('a browser that signed in before keeps its own count when the account is under attack from its address', async () => {
    fromAddress('203.0.113.10');
    await redirectOf(() => attempt(auth.email, auth.password));
    const device = new Map(request.cookies);
    // A stranger behind the same address (one office, or no trusted proxy at all) guesses.
    fromAddress('203.0.113.10');
    for (let i = 0; i < 6; i += 1) await attempt(auth.email, `guess-${i}`);
    expect((await attempt(auth.email, auth.password)).error?.key).toBe('rateLimited');
    // The real user's browser still gets in.
    fromAddress('203.0.113.10', device);
    expect(await redirectOf(() => attempt(auth.email, auth.password))).toBe('/en/account');
  });

  it('a device token for another account, or a forged one, counts for nothing', async () => {
    fromAddress('203.0.113.10');
    auth.email = 'other@bitwerf.nl';
    await redirectOf(() => attempt('other@bitwerf.nl', auth.password));
    const otherDevice = new Map(request.cookies);
    auth.email = 'demo@bitwerf.nl';
    for (let i = 0; i < 5; i += 1) await attempt(auth.email, `guess-${i}`);
    for (const cookies of [otherDevice, new Map([[DEVICE_COOKIE, 'AAAAAAAAAAAAAAAAAAAAAAAA.forged-signature-forged-signatur']])]) {
      fromAddress('203.0.113.10', cookies);
      expect((await attempt(auth.email, auth.password)).error?.key).toBe('rateLimited');
    }
  });

  it('stops wrong passwords for an account from many addresses at 30 an hour', async () => {
    for (let client = 0; client < 6; client += 1) {
      fromAddress(`203.0.113.${client}`);
      for (let i = 0; i < 5; i += 1) await attempt(auth.email, `guess-${i}`);
    }
    fromAddress('192.0.2.20');
    expect((await attempt(auth.email, auth.password)).error?.key).toBe('rateLimited');
  });

  it('fails closed when the limits cannot be read', async () => {
    fromAddress('203.0.113.10');
    limiter.broken = true;
    expect((await attempt(auth.email, auth.password)).error?.key).toBe('unavailable');
    expect(auth.signInWithPassword).not.toHaveBeenCalled();
  });

  it('goes on to the code step for a user with a factor', async () => {
    fromAddress('203.0.113.10');
    auth.factors = true;
    // What to choose from comes with it (this user's factors are not in the answer, so nothing is offered but the default).
    expect(await attempt(auth.email, auth.password)).toEqual({ step: 'code', email: auth.email, choices: { app: false, phones: [] } });
  });
});

describe('verifySignInCode', () => {
  beforeEach(() => {
    auth.session = 'needsCode';
    fromAddress('203.0.113.66');
  });

  it.each([null, 'code=123456', {}, 7])('answers a malformed call (%j)', async (payload) => {
    // @ts-expect-error -- a caller outside the app can send anything.
    const state = await verifySignInCode(payload, payload);
    expect(state).toEqual({ step: 'code', email: '', error: { key: 'unknown' } });
  });

  it('never echoes a previous state that is not a short e-mail', async () => {
    const huge = { step: 'code' as const, email: 'x'.repeat(100_000), extra: 'y'.repeat(1000) };
    const state = await verifySignInCode(huge, form({ code: '12' }));
    expect(state).toEqual({ step: 'code', email: '', error: { key: 'codeFormat', field: 'code' } });
  });

  it('stops wrong codes per account before Auth, also for the right code', async () => {
    for (let i = 0; i < 5; i += 1) expect((await verifySignInCode(start, form({ code: '000000' }))).error?.key).toBe('codeInvalid');
    expect((await verifySignInCode(start, form({ code: auth.code }))).error?.key).toBe('rateLimited');
    expect(auth.challengeAndVerify).toHaveBeenCalledTimes(5);
  });

  it('counts the session’s account, not the e-mail the browser sends back', async () => {
    for (let i = 0; i < 5; i += 1) {
      await verifySignInCode({ step: 'code', email: `someone-${i}@example.com` }, form({ code: '000000' }));
    }
    expect((await verifySignInCode({ step: 'code', email: 'fresh@example.com' }, form({ code: auth.code }))).error?.key).toBe(
      'rateLimited',
    );
  });

  it('lets the right code through and goes on', async () => {
    expect(await redirectOf(() => verifySignInCode(start, form({ code: '123 456', next: '/en/account/messages' })))).toBe(
      '/en/account/messages',
    );
  });

  it('refuses an off-site next after the code', async () => {
    expect(await redirectOf(() => verifySignInCode(start, form({ code: auth.code, next: '/.//evil.example' })))).toBe('/en/account');
  });
});
