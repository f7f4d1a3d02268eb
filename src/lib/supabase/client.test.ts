import { createBrowserClient } from '@supabase/ssr';
import { afterEach, expect, it, vi } from 'vitest';

import { createClient } from '@/lib/supabase/client';

vi.mock('@supabase/ssr', () => ({ createBrowserClient: vi.fn(() => ({})) }));

afterEach(() => vi.unstubAllEnvs());

it('keeps the session, refreshes tokens and detects a session in the URL (spec §6)', () => {
  vi.stubEnv('NEXT_PUBLIC_SUPABASE_URL', 'http://127.0.0.1:54321');
  vi.stubEnv('NEXT_PUBLIC_SUPABASE_ANON_KEY', 'anon-key');

  createClient();

  expect(createBrowserClient).toHaveBeenCalledWith('http://127.0.0.1:54321', 'anon-key', {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
    // jsdom serves the page over http: a Secure cookie would not be stored there.
    cookieOptions: { secure: false },
  });
});
