import type { CookieMethodsServer } from '@supabase/ssr';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { createClient } from '@/lib/supabase/server';

// `server-only` throws outside a React Server Components build; the guard itself is not under test.

const mocks = vi.hoisted(() => ({
  cookies: undefined as CookieMethodsServer | undefined,
  store: { getAll: vi.fn(), set: vi.fn() },
}));
vi.mock('next/headers', () => ({ cookies: async () => mocks.store }));
vi.mock('@supabase/ssr', () => ({
  createServerClient: vi.fn((_url: string, _key: string, options: { cookies: CookieMethodsServer }) => {
    mocks.cookies = options.cookies;
    return {};
  }),
}));

async function cookieMethods(): Promise<CookieMethodsServer> {
  await createClient();
  if (!mocks.cookies) throw new Error('createServerClient was not called');
  return mocks.cookies;
}

describe('server createClient', () => {
  beforeEach(() => {
    vi.stubEnv('NEXT_PUBLIC_SUPABASE_URL', 'http://127.0.0.1:54321');
    vi.stubEnv('NEXT_PUBLIC_SUPABASE_ANON_KEY', 'anon-key');
    mocks.store.getAll.mockReset();
    mocks.store.set.mockReset();
  });

  it('reads the request cookies', async () => {
    mocks.store.getAll.mockReturnValue([{ name: 'sb-127-auth-token', value: 'base64-abc' }]);
    const { getAll } = await cookieMethods();
    expect(await getAll()).toEqual([{ name: 'sb-127-auth-token', value: 'base64-abc' }]);
  });

  it('writes cookies where Next allows it (actions, route handlers)', async () => {
    const { setAll } = await cookieMethods();
    await setAll?.([{ name: 'sb-127-auth-token', value: 'base64-new', options: { path: '/' } }], {});
    expect(mocks.store.set).toHaveBeenCalledWith('sb-127-auth-token', 'base64-new', { path: '/' });
  });

  it('ignores the error Next throws when a server component sets a cookie', async () => {
    mocks.store.set.mockImplementation(() => {
      throw new Error('Cookies can only be modified in a Server Action or Route Handler.');
    });
    const { setAll } = await cookieMethods();
    expect(() => setAll?.([{ name: 'sb-127-auth-token', value: 'base64-new', options: {} }], {})).not.toThrow();
  });
});
