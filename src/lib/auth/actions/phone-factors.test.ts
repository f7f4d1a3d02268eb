// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('next/cache', () => ({ revalidatePath: () => undefined }));
vi.mock('next-intl/server', () => ({
  getLocale: async () => 'en',
  getTranslations: async () => (key: string, values: Record<string, unknown>) => `${key} ${JSON.stringify(values)}`,
}));

const mfa = vi.hoisted(() => ({ enroll: vi.fn(), challenge: vi.fn(), verify: vi.fn(), unenroll: vi.fn() }));
const rpc = vi.hoisted(() => vi.fn());
const account = vi.hoisted(() => ({
  user: { id: 'user-1', factors: [] as Record<string, unknown>[], app_metadata: {} as Record<string, unknown> },
}));
vi.mock('@/lib/auth/server-session', () => ({
  requireSignedIn: async () => ({ supabase: { auth: { mfa }, rpc }, user: account.user }),
}));
vi.mock('next/headers', () => ({ cookies: async () => ({ get: () => undefined, set: () => undefined }) }));

const { managePhoneEnrolment } = await import('./phone-factors');

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const pending = {
  id: 'factor-1',
  factor_type: 'phone',
  status: 'unverified',
  friendly_name: 'Phone whatsapp 2026-12-01 10:00:00',
  phone: '31612345678',
};
const enrolment = { factorId: 'factor-1', challengeId: 'challenge-1', channel: 'whatsapp', masked: '+31 6 •••• 5678' } as const;
const limited = {
  name: 'AuthApiError',
  status: 429,
  code: 'over_sms_send_rate_limit',
  message: 'For security purposes, you can only request this after 3 seconds.',
};

beforeEach(() => {
  for (const fn of Object.values(mfa)) fn.mockReset();
  mfa.enroll.mockResolvedValue({ data: { id: 'factor-1', type: 'phone' }, error: null });
  mfa.challenge.mockResolvedValue({ data: { id: 'challenge-1', type: 'phone' }, error: null });
  mfa.unenroll.mockResolvedValue({ data: {}, error: null });
  rpc.mockReset().mockResolvedValue({ data: false, error: null });
  account.user.factors = [];
  account.user.app_metadata = {};
});

describe('managePhoneEnrolment', () => {
  it.each([null, 'intent=send', {}, 5])('answers a malformed call (%j)', async (payload) => {
    // @ts-expect-error -- a caller outside the app can send anything.
    expect(await managePhoneEnrolment(null, payload)).toEqual({ error: { key: 'unknown' } });
    expect(mfa.enroll).not.toHaveBeenCalled();
  });

  it('answers an unknown intent', async () => {
    expect(await managePhoneEnrolment({}, form({ intent: 'explode' }))).toEqual({ error: { key: 'unknown' } });
  });

  it('enrols the number as E.164 with the channel in its name, and sends the first code by that channel', async () => {
    const state = await managePhoneEnrolment({}, form({ intent: 'send', phone: '06 12345678', channel: 'whatsapp' }));
    expect(mfa.enroll).toHaveBeenCalledWith({
      factorType: 'phone',
      phone: '+31612345678',
      friendlyName: expect.stringMatching(/^Phone whatsapp \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    expect(mfa.challenge).toHaveBeenCalledWith({ factorId: 'factor-1', channel: 'whatsapp' });
    expect(state).toEqual({
      enrolment,
      notice: 'sent {"channel":"whatsapp","phone":"+31 6 •••• 5678","minutes":5}',
    });
  });

  it('refuses an invalid number at its field, keeping what was typed, without asking Auth', async () => {
    const state = await managePhoneEnrolment({}, form({ intent: 'send', phone: '06 1234', channel: 'sms' }));
    expect(state).toEqual({ phone: '06 1234', channel: 'sms', error: { key: 'phoneInvalid', field: 'phone' } });
    expect(mfa.enroll).not.toHaveBeenCalled();
  });

  it.each(['', 'voice', 'SMS'])('refuses a channel that is not sms or whatsapp (%j)', async (channel) => {
    const state = await managePhoneEnrolment({}, form({ intent: 'send', phone: '06 12345678', channel }));
    expect(state.error).toEqual({ key: 'unknown' });
    expect(mfa.enroll).not.toHaveBeenCalled();
  });

  it('echoes only the start of a huge number field', async () => {
    const state = await managePhoneEnrolment({}, form({ intent: 'send', phone: '6'.repeat(10_000), channel: 'sms' }));
    expect(state.phone).toHaveLength(40);
    expect(state.error).toEqual({ key: 'phoneInvalid', field: 'phone' });
  });

  it('removes the factor again when its first code cannot be sent', async () => {
    mfa.challenge.mockResolvedValue({ data: null, error: { name: 'AuthApiError', status: 500, code: 'sms_send_failed' } });
    const state = await managePhoneEnrolment({}, form({ intent: 'send', phone: '06 12345678', channel: 'sms' }));
    expect(state).toEqual({ phone: '06 12345678', channel: 'sms', error: { key: 'phoneSendFailed' } });
    expect(mfa.unenroll).toHaveBeenCalledWith({ factorId: 'factor-1' });
  });

  it('resends by the channel of the factor, not of the form, and keeps the step on the rate limit with GoTrue’s seconds', async () => {
    account.user.factors = [pending];
    mfa.challenge.mockResolvedValue({ data: { id: 'challenge-2' }, error: null });
    const resent = await managePhoneEnrolment({ enrolment }, form({ intent: 'resend', factorId: 'factor-1', channel: 'sms' }));
    expect(mfa.challenge).toHaveBeenCalledWith({ factorId: 'factor-1', channel: 'whatsapp' });
    expect(resent).toEqual({
      enrolment: { ...enrolment, challengeId: 'challenge-2' },
      notice: 'resent {"channel":"whatsapp","phone":"+31 6 •••• 5678","minutes":5}',
    });

    mfa.challenge.mockResolvedValue({ data: null, error: limited });
    const refused = await managePhoneEnrolment({ enrolment, notice: 'sent' }, form({ intent: 'resend', factorId: 'factor-1' }));
    expect(refused).toEqual({
      enrolment,
      notice: 'sent',
      error: { key: 'phoneSendLimited' },
      errorText: 'sendLimited {"seconds":3}',
    });
  });

  it.each([
    ['someone else’s factor', 'factor-2'],
    ['a verified factor', 'factor-v'],
  ])('resends, confirms and cancels only the user’s own unverified phone factor, not %s', async (_kind, factorId) => {
    account.user.factors = [pending, { ...pending, id: 'factor-v', status: 'verified' }];
    for (const intent of ['resend', 'confirm'] as const) {
      const state = await managePhoneEnrolment({}, form({ intent, factorId, challengeId: 'challenge-1', code: '123456' }));
      expect(state.error).toEqual({ key: 'unknown' });
    }
    await managePhoneEnrolment({}, form({ intent: 'cancel', factorId }));
    expect(mfa.challenge).not.toHaveBeenCalled();
    expect(mfa.verify).not.toHaveBeenCalled();
    expect(mfa.unenroll).not.toHaveBeenCalled();
  });

  it('checks the code’s shape first, then shows the step again after a wrong code', async () => {
    account.user.factors = [pending];
    const malformed = await managePhoneEnrolment(
      { enrolment },
      form({ intent: 'confirm', factorId: 'factor-1', challengeId: 'challenge-1', code: '12' }),
    );
    expect(malformed).toEqual({ enrolment, error: { key: 'phoneCodeFormat', field: 'code' } });
    mfa.verify.mockResolvedValue({ data: null, error: { name: 'AuthApiError', status: 422, code: 'mfa_verification_failed' } });
    const wrong = await managePhoneEnrolment(
      { enrolment },
      form({ intent: 'confirm', factorId: 'factor-1', challengeId: 'challenge-1', code: '000 000' }),
    );
    expect(mfa.verify).toHaveBeenCalledWith({ factorId: 'factor-1', challengeId: 'challenge-1', code: '000000' });
    expect(wrong).toEqual({ enrolment, error: { key: 'phoneCodeInvalid', field: 'code' } });
  });

  it('is linked once Auth accepts the code', async () => {
    account.user.factors = [pending];
    mfa.verify.mockResolvedValue({ data: {}, error: null });
    const state = await managePhoneEnrolment(
      { enrolment },
      form({ intent: 'confirm', factorId: 'factor-1', challengeId: 'challenge-1', code: '123456' }),
    );
    expect(state).toEqual({ enabled: true });
  });

  it.each([
    ['fields that are not strings', { enrolment: { ...enrolment, factorId: 1 } }],
    ['an unknown channel', { enrolment: { ...enrolment, channel: 'pigeon' } }],
    ['a huge field', { enrolment: { ...enrolment, masked: 'x'.repeat(5_000) } }],
  ])('drops a previous state with %s instead of echoing it', async (_kind, previous) => {
    // @ts-expect-error -- the previous state comes back from the browser and can be anything.
    expect(await managePhoneEnrolment(previous, form({ intent: 'explode' }))).toEqual({ error: { key: 'unknown' } });
  });

  it('refuses a staff account without an enrolment link before anything is sent', async () => {
    account.user.app_metadata = { role: 'staff', staff_roles: ['recruiting'] };
    const state = await managePhoneEnrolment({}, form({ intent: 'send', phone: '06 12345678', channel: 'sms' }));
    expect(state).toEqual({ error: { key: 'phoneStaffEnrolmentLink' } });
    expect(mfa.enroll).not.toHaveBeenCalled();
  });

  it('records a further factor of enrolled staff, as for a second app', async () => {
    account.user.app_metadata = { role: 'staff', staff_roles: ['recruiting'] };
    account.user.factors = [pending];
    rpc.mockImplementation(async (name: string) => ({ data: name !== 'staff_enrolment_open', error: null }));
    mfa.verify.mockResolvedValue({ data: {}, error: null });
    const state = await managePhoneEnrolment(
      { enrolment },
      form({ intent: 'confirm', factorId: 'factor-1', challengeId: 'challenge-1', code: '123456' }),
    );
    expect(state).toEqual({ enabled: true });
    expect(rpc).toHaveBeenCalledWith('link_additional_staff_factor', { factor_id: 'factor-1' });
  });
});
