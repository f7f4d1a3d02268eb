// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';

const client = vi.hoisted(() => ({ signInWithPassword: vi.fn(), signOut: vi.fn(), options: null as unknown }));
vi.mock('@supabase/supabase-js', () => ({
  createClient: (_url: string, _key: string, options: unknown) => {
    client.options = options;
    return { auth: { signInWithPassword: client.signInWithPassword, signOut: client.signOut } };
  },
}));

vi.stubEnv('NEXT_PUBLIC_SUPABASE_URL', 'http://127.0.0.1:54321');
vi.stubEnv('NEXT_PUBLIC_SUPABASE_ANON_KEY', 'anon-key');

const { checkCurrentPassword } = await import('./verify-password');

beforeEach(() => {
  client.signInWithPassword.mockReset();
  client.signOut.mockReset().mockResolvedValue({ error: null });
});

describe('checkCurrentPassword', () => {
  it('says ok for the right password, and closes the session the check opened', async () => {
    client.signInWithPassword.mockResolvedValue({ data: { session: { access_token: 't' } }, error: null });
    expect(await checkCurrentPassword('demo@bitwerf.nl', 'right')).toBe('ok');
    expect(client.signInWithPassword).toHaveBeenCalledWith({ email: 'demo@bitwerf.nl', password: 'right' });
    expect(client.signOut).toHaveBeenCalledWith({ scope: 'local' });
    // Its own client: nothing stored, nothing refreshed, no cookies of the visitor involved.
    expect(client.options).toMatchObject({ auth: { persistSession: false, autoRefreshToken: false } });
  });

  it('says wrong for invalid credentials', async () => {
    client.signInWithPassword.mockResolvedValue({ data: {}, error: { name: 'AuthApiError', status: 400, code: 'invalid_credentials' } });
    expect(await checkCurrentPassword('demo@bitwerf.nl', 'wrong')).toBe('wrong');
  });

  it('passes other failures on as their message key', async () => {
    client.signInWithPassword.mockResolvedValue({ data: {}, error: { name: 'AuthRetryableFetchError', status: 0 } });
    expect(await checkCurrentPassword('demo@bitwerf.nl', 'x')).toBe('unavailable');
    client.signInWithPassword.mockResolvedValue({
      data: {},
      error: { name: 'AuthApiError', status: 429, code: 'over_request_rate_limit' },
    });
    expect(await checkCurrentPassword('demo@bitwerf.nl', 'x')).toBe('authBusy');
  });
});
