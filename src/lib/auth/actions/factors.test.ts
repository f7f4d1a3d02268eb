// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('next/cache', () => ({ revalidatePath: () => undefined }));
vi.mock('next-intl/server', () => ({ getLocale: async () => 'en' }));

const mfa = vi.hoisted(() => ({ challengeAndVerify: vi.fn(), unenroll: vi.fn() }));
vi.mock('@/lib/auth/server-session', () => ({
  requireSignedIn: async () => ({ supabase: { auth: { mfa } }, user: { id: 'user-1', factors: [] } }),
}));

const { manageTotpEnrolment, removeFactor } = await import('./factors');

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const enrolment = { factorId: 'factor-1', qrCode: 'data:image/svg+xml;utf-8,<svg/>', secret: 'JBSWY3DPEHPK3PXP' };

beforeEach(() => {
  mfa.challengeAndVerify
    .mockReset()
    .mockResolvedValue({ data: null, error: { name: 'AuthApiError', status: 422, code: 'mfa_verification_failed' } });
  mfa.unenroll.mockReset();
});

describe('manageTotpEnrolment', () => {
  it.each([null, 'intent=start', {}, 5])('answers a malformed call (%j)', async (payload) => {
    // @ts-expect-error -- a caller outside the app can send anything.
    expect(await manageTotpEnrolment(null, payload)).toEqual({ enrolment: undefined, error: { key: 'unknown' } });
  });

  it('shows the enrolment again after a wrong code', async () => {
    const state = await manageTotpEnrolment({ enrolment }, form({ intent: 'confirm', factorId: 'factor-1', code: '000000' }));
    expect(state).toEqual({ enrolment, error: { key: 'codeInvalid', field: 'code' } });
  });

  it.each([
    ['fields that are not strings', { enrolment: { factorId: 1, qrCode: [], secret: null } }],
    ['a huge field', { enrolment: { ...enrolment, qrCode: 'x'.repeat(50_000) } }],
    ['no enrolment', { something: 'else' }],
  ])('drops a previous state with %s instead of echoing it', async (_kind, previous) => {
    // @ts-expect-error -- the previous state comes back from the browser and can be anything.
    const state = await manageTotpEnrolment(previous, form({ intent: 'confirm', factorId: 'factor-1', code: '12' }));
    expect(state).toEqual({ enrolment: undefined, error: { key: 'codeFormat', field: 'code' } });
  });

  it('answers an unknown intent', async () => {
    expect(await manageTotpEnrolment({}, form({ intent: 'explode' }))).toEqual({ enrolment: undefined, error: { key: 'unknown' } });
  });
});

describe('removeFactor', () => {
  it.each([null, 'factorId=x', {}])('answers a malformed call (%j)', async (payload) => {
    // @ts-expect-error -- a caller outside the app can send anything.
    expect(await removeFactor(null, payload)).toEqual({ error: { key: 'unknown' } });
    expect(mfa.unenroll).not.toHaveBeenCalled();
  });

  it('refuses a factor that is not the user’s', async () => {
    expect(await removeFactor({}, form({ factorId: 'someone-elses' }))).toEqual({ error: { key: 'unknown' } });
    expect(mfa.unenroll).not.toHaveBeenCalled();
  });
});
