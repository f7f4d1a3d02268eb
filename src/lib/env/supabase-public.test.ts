import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { getSupabasePublicEnv } from '@/lib/env/supabase-public';

describe('getSupabasePublicEnv', () => {
  beforeEach(() => {
    // Start from nothing, whatever the shell running the tests has set.
    vi.stubEnv('NEXT_PUBLIC_SUPABASE_URL', undefined);
    vi.stubEnv('NEXT_PUBLIC_SUPABASE_ANON_KEY', undefined);
    vi.stubEnv('NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY', undefined);
    vi.stubEnv('SUPABASE_URL', undefined);
  });
  afterEach(() => vi.unstubAllEnvs());

  it('returns the URL and the anon key', () => {
    vi.stubEnv('NEXT_PUBLIC_SUPABASE_URL', 'http://127.0.0.1:54321');
    vi.stubEnv('NEXT_PUBLIC_SUPABASE_ANON_KEY', 'anon-key');
    expect(getSupabasePublicEnv()).toEqual({ url: 'http://127.0.0.1:54321', key: 'anon-key' });
  });

  it('lets server code use SUPABASE_URL, read at run time, before the public URL', () => {
    vi.stubEnv('NEXT_PUBLIC_SUPABASE_URL', 'http://127.0.0.1:54321');
    vi.stubEnv('SUPABASE_URL', 'http://127.0.0.1:9');
    vi.stubEnv('NEXT_PUBLIC_SUPABASE_ANON_KEY', 'anon-key');
    const expected = typeof window === 'undefined' ? 'http://127.0.0.1:9' : 'http://127.0.0.1:54321';
    expect(getSupabasePublicEnv().url).toBe(expected);
  });

  it('accepts the publishable key when the anon key is not set', () => {
    vi.stubEnv('NEXT_PUBLIC_SUPABASE_URL', 'http://127.0.0.1:54321');
    vi.stubEnv('NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY', 'sb_publishable_key');
    expect(getSupabasePublicEnv()).toEqual({ url: 'http://127.0.0.1:54321', key: 'sb_publishable_key' });
  });

  it('throws the spec message when the URL is missing', () => {
    vi.stubEnv('NEXT_PUBLIC_SUPABASE_ANON_KEY', 'anon-key');
    expect(() => getSupabasePublicEnv()).toThrow(new Error('supabaseUrl is required.'));
  });

  it('treats an empty URL as missing', () => {
    vi.stubEnv('NEXT_PUBLIC_SUPABASE_URL', '');
    vi.stubEnv('NEXT_PUBLIC_SUPABASE_ANON_KEY', 'anon-key');
    expect(() => getSupabasePublicEnv()).toThrow(new Error('supabaseUrl is required.'));
  });

  it('throws the spec message when neither key is set', () => {
    vi.stubEnv('NEXT_PUBLIC_SUPABASE_URL', 'http://127.0.0.1:54321');
    expect(() => getSupabasePublicEnv()).toThrow(new Error('supabaseKey is required.'));
  });
});
