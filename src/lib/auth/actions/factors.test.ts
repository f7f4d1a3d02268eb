// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('next/cache', () => ({ revalidatePath: () => undefined }));
vi.mock('next-intl/server', () => ({ getLocale: async () => 'en' }));

const mfa = vi.hoisted(() => ({ challengeAndVerify: vi.fn(), unenroll: vi.fn(), enroll: vi.fn() }));
const rpc = vi.hoisted(() => vi.fn());
const account = vi.hoisted(() => ({ user: { id: 'user-1', factors: [], app_metadata: {} as Record<string, unknown> } }));
const jar = vi.hoisted(() => new Map<string, string>());
vi.mock('@/lib/auth/server-session', () => ({
  requireSignedIn: async () => ({ supabase: { auth: { mfa }, rpc }, user: account.user }),
}));
vi.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined),
    set: (name: string, value: string) => (value === '' ? jar.delete(name) : jar.set(name, value)),
  }),
}));

const { manageTotpEnrolment, removeFactor } = await import('./factors');
const { hashEnrolmentToken, newEnrolmentToken } = await import('@/lib/staff/enrolment-token');

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
  mfa.enroll.mockReset().mockResolvedValue({ data: { id: 'factor-1', totp: { qr_code: 'qr', secret: 'S' } }, error: null });
  rpc.mockReset().mockResolvedValue({ data: false, error: null });
  account.user.app_metadata = {};
  jar.clear();
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

// No trust on first use (security review 2, finding 7): a staff password alone links no authenticator.
describe('manageTotpEnrolment for a staff account', () => {
  beforeEach(() => {
    account.user.app_metadata = { role: 'staff', staff_roles: ['recruiting'] };
  });

  it('refuses to start without an enrolment link in this browser', async () => {
    expect(await manageTotpEnrolment({}, form({ intent: 'start' }))).toEqual({ error: { key: 'staffEnrolmentLink' } });
    expect(mfa.enroll).not.toHaveBeenCalled();
  });

  it('refuses to start when the database says the redeemed link is not open (used, expired, someone else’s)', async () => {
    const token = newEnrolmentToken();
    jar.set('staff-enrolment', token);
    expect(await manageTotpEnrolment({}, form({ intent: 'start' }))).toEqual({ error: { key: 'staffEnrolmentLink' } });
    expect(rpc).toHaveBeenCalledWith('staff_enrolment_open', { token_hash: hashEnrolmentToken(token) });
    expect(mfa.enroll).not.toHaveBeenCalled();
  });

  it('starts with an open link, and redeems it with the verified factor, then forgets it', async () => {
    const token = newEnrolmentToken();
    jar.set('staff-enrolment', token);
    rpc.mockResolvedValue({ data: true, error: null });
    expect(await manageTotpEnrolment({}, form({ intent: 'start' }))).toEqual({
      enrolment: { factorId: 'factor-1', qrCode: 'qr', secret: 'S' },
    });
    mfa.challengeAndVerify.mockResolvedValue({ data: {}, error: null });
    const state = await manageTotpEnrolment({ enrolment }, form({ intent: 'confirm', factorId: 'factor-1', code: '123456' }));
    expect(state).toEqual({ enabled: true });
    expect(rpc).toHaveBeenCalledWith('complete_staff_enrolment', { token_hash: hashEnrolmentToken(token), factor_id: 'factor-1' });
    expect(jar.has('staff-enrolment')).toBe(false);
  });

  it('says so when the link could not be redeemed after the code was accepted', async () => {
    jar.set('staff-enrolment', newEnrolmentToken());
    rpc.mockImplementation(async (name: string) => ({ data: name === 'staff_enrolment_open', error: null }));
    mfa.challengeAndVerify.mockResolvedValue({ data: {}, error: null });
    const state = await manageTotpEnrolment({ enrolment }, form({ intent: 'confirm', factorId: 'factor-1', code: '123456' }));
    expect(state).toEqual({ error: { key: 'staffEnrolmentLink' } });
  });

  it('lets enrolled staff (at aal2) add another app without a link, and records it as theirs', async () => {
    rpc.mockImplementation(async (name: string) => ({ data: name !== 'staff_enrolment_open', error: null }));
    expect(await manageTotpEnrolment({}, form({ intent: 'start' }))).toMatchObject({ enrolment: { factorId: 'factor-1' } });
    mfa.challengeAndVerify.mockResolvedValue({ data: {}, error: null });
    const state = await manageTotpEnrolment({ enrolment }, form({ intent: 'confirm', factorId: 'factor-1', code: '123456' }));
    expect(state).toEqual({ enabled: true });
    expect(rpc).toHaveBeenCalledWith('link_additional_staff_factor', { factor_id: 'factor-1' });
  });

  it('ignores a cookie that is not one of our tokens without asking the database', async () => {
    jar.set('staff-enrolment', 'x'.repeat(43).replace(/x$/, '!'));
    expect(await manageTotpEnrolment({}, form({ intent: 'start' }))).toEqual({ error: { key: 'staffEnrolmentLink' } });
    expect(rpc).not.toHaveBeenCalledWith('staff_enrolment_open', expect.anything());
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
