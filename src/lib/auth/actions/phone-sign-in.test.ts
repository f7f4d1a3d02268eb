// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('next-intl/server', () => ({
  getLocale: async () => 'nl',
  getTranslations: async () => (key: string, values: Record<string, unknown>) => `${key} ${JSON.stringify(values)}`,
}));
const redirect = vi.hoisted(() =>
  vi.fn((to: string) => {
    throw new Error(`redirect ${to}`);
  }),
);
vi.mock('next/navigation', () => ({ redirect }));
const mfa = vi.hoisted(() => ({ challenge: vi.fn(), verify: vi.fn() }));
const session = vi.hoisted(() => ({ state: 'needsCode' as string, user: { id: 'u', email: 'a@example.com', factors: [] as unknown[] } }));
vi.mock('@/lib/auth/server-session', () => ({
  getServerSession: async () => ({ ...session, supabase: { auth: { mfa } } }),
}));
const throttle = vi.hoisted(() => ({ check: vi.fn(), failed: vi.fn() }));
vi.mock('@/lib/auth/throttle', () => ({ codeThrottle: async () => throttle }));

const { phoneSignInStep } = await import('./phone-sign-in');

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const phone = { id: 'f1', factor_type: 'phone', status: 'verified', friendly_name: 'Phone sms 2026-12-01 10:00:00', phone: '31612345678' };
const sent = { factorId: 'f1', challengeId: 'c1', channel: 'sms' } as const;

beforeEach(() => {
  mfa.challenge.mockReset().mockResolvedValue({ data: { id: 'c1' }, error: null });
  mfa.verify.mockReset();
  throttle.check.mockReset().mockResolvedValue('allowed');
  throttle.failed.mockReset();
  redirect.mockClear();
  session.state = 'needsCode';
  session.user.factors = [phone, { ...phone, id: 'f2', status: 'unverified' }, { id: 't1', factor_type: 'totp', status: 'verified' }];
});

describe('phoneSignInStep', () => {
  it.each([null, 'intent=send', {}])('answers a malformed call (%j)', async (payload) => {
    // @ts-expect-error -- a caller outside the app can send anything.
    expect(await phoneSignInStep(null, payload)).toEqual({ error: { key: 'unknown' } });
  });

  it('sends a code by the chosen channel to the session’s own verified phone', async () => {
    const state = await phoneSignInStep({}, form({ intent: 'send', choice: 'f1:whatsapp' }));
    expect(mfa.challenge).toHaveBeenCalledWith({ factorId: 'f1', channel: 'whatsapp' });
    expect(state).toEqual({
      sent: { factorId: 'f1', challengeId: 'c1', channel: 'whatsapp' },
      notice: 'sent {"channel":"whatsapp","phone":"+31 6 •••• 5678","minutes":5}',
    });
  });

  it.each([
    ['an unverified factor', 'f2:sms'],
    ['an app', 't1:sms'],
    ['someone else’s factor', 'other:sms'],
    ['an unknown channel', 'f1:voice'],
    ['no channel', 'f1'],
    ['extra parts', 'f1:sms:x'],
  ])('sends nothing to %s', async (_kind, choice) => {
    expect(await phoneSignInStep({}, form({ intent: 'send', choice }))).toEqual({ error: { key: 'unknown' } });
    expect(mfa.challenge).not.toHaveBeenCalled();
  });

  it('says how many seconds GoTrue asks to wait, keeping the code step', async () => {
    mfa.challenge.mockResolvedValue({
      data: null,
      error: {
        status: 429,
        code: 'over_sms_send_rate_limit',
        message: 'For security purposes, you can only request this after 4 seconds.',
      },
    });
    const state = await phoneSignInStep({ sent, notice: 'sent' }, form({ intent: 'resend', choice: 'f1:sms' }));
    expect(state).toEqual({ sent, notice: 'sent', error: { key: 'phoneSendLimited' }, errorText: 'sendLimited {"seconds":4}' });
  });

  it('counts a send against the code limits, and sends nothing once they are reached', async () => {
    throttle.check.mockResolvedValue('limited');
    expect(await phoneSignInStep({}, form({ intent: 'send', choice: 'f1:sms' }))).toEqual({ error: { key: 'rateLimited' } });
    expect(mfa.challenge).not.toHaveBeenCalled();
  });

  it('checks the code’s shape before anything else', async () => {
    const state = await phoneSignInStep({ sent }, form({ intent: 'verify', factorId: 'f1', challengeId: 'c1', code: '12' }));
    expect(state).toEqual({ sent, error: { key: 'phoneCodeFormat', field: 'code' } });
    expect(throttle.check).not.toHaveBeenCalled();
  });

  it('counts a wrong code as a failure and keeps the step', async () => {
    mfa.verify.mockResolvedValue({ data: null, error: { status: 422, code: 'mfa_verification_failed' } });
    const state = await phoneSignInStep({ sent }, form({ intent: 'verify', factorId: 'f1', challengeId: 'c1', code: '000000' }));
    expect(state).toEqual({ sent, error: { key: 'phoneCodeInvalid', field: 'code' } });
    expect(throttle.failed).toHaveBeenCalledOnce();
  });

  it('goes on to the checked `next` once the code is accepted', async () => {
    mfa.verify.mockResolvedValue({ data: {}, error: null });
    await expect(
      phoneSignInStep(
        { sent },
        form({ intent: 'verify', factorId: 'f1', challengeId: 'c1', code: '123 456', next: 'https://evil.example/' }),
      ),
    ).rejects.toThrow('redirect /account');
    expect(mfa.verify).toHaveBeenCalledWith({ factorId: 'f1', challengeId: 'c1', code: '123456' });
  });

  it('starts again when the password step has expired', async () => {
    session.state = 'anonymous';
    expect(await phoneSignInStep({ sent }, form({ intent: 'send', choice: 'f1:sms' }))).toEqual({ error: { key: 'sessionExpired' } });
  });
});
