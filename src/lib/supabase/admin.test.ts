import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// `server-only` throws outside a React Server Components build; the guard itself is not under test.

const { createClient } = vi.hoisted(() => ({
  createClient: vi.fn((url: string, key: string, options: unknown) => ({ url, key, options })),
}));
vi.mock('@supabase/supabase-js', () => ({ createClient }));

// A fresh module per test: the "warn once" flag is module state.
async function loadAdmin() {
  vi.resetModules();
  return import('@/lib/supabase/admin');
}

describe('createAdminClient', () => {
  beforeEach(() => {
    vi.stubEnv('NEXT_PUBLIC_SUPABASE_URL', 'http://127.0.0.1:54321');
    vi.stubEnv('NEXT_PUBLIC_SUPABASE_ANON_KEY', 'anon-key');
    vi.stubEnv('SUPABASE_SERVICE_ROLE_KEY', undefined);
    createClient.mockClear();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('uses the service-role key when it is set, without warning', async () => {
    vi.stubEnv('SUPABASE_SERVICE_ROLE_KEY', 'service-role-key');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { createAdminClient } = await loadAdmin();

    createAdminClient();

    expect(createClient).toHaveBeenCalledWith('http://127.0.0.1:54321', 'service-role-key', expect.anything());
    expect(warn).not.toHaveBeenCalled();
  });

  it('falls back to the anon key and warns only once per process', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { createAdminClient } = await loadAdmin();

    createAdminClient();
    createAdminClient();

    expect(createClient).toHaveBeenCalledTimes(2);
    expect(createClient).toHaveBeenLastCalledWith('http://127.0.0.1:54321', 'anon-key', expect.anything());
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/limited permissions/);
  });

  it('never keeps, refreshes or detects a session', async () => {
    vi.stubEnv('SUPABASE_SERVICE_ROLE_KEY', 'service-role-key');
    const { createAdminClient } = await loadAdmin();

    createAdminClient();

    expect(createClient.mock.calls[0]?.[2]).toEqual({
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
  });
});
