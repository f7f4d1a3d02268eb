import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('next/headers', () => ({ cookies: vi.fn() }));
vi.mock('@/lib/env/server', () => ({
  getServerEnv: () => ({ rateLimitSecret: 'a-test-secret-that-is-long-enough-for-hmac-keys' }),
}));
const database = vi.hoisted(() => ({ up: true }));
vi.mock('@/lib/rate-limit', () => ({ consumeSiteCap: async () => (database.up ? true : null) }));
vi.mock('@/lib/supabase/admin', () => ({
  createAdminClient: () => ({
    from: () => ({
      insert: () => ({
        select: () => ({
          single: async () =>
            database.up ? { data: { id: '3f1c2a9e-5b7d-4e8f-9a0b-1c2d3e4f5a6b' }, error: null } : { data: null, error: { code: '08006' } },
        }),
      }),
    }),
  }),
}));
const { keepDraft, readDraft } = await import('./drafts');

const draft = {
  locale: 'en' as const,
  vacancySlug: null,
  values: { name: 'Sam Jansen', email: 'sam@example.nl', motivation: 'I like building accessible interfaces.' },
  errors: { cv: 'file.required' as const },
  failure: 'unavailable' as const,
};

beforeEach(() => {
  database.up = true;
});

describe('keeping what a form sent without JavaScript typed', () => {
  it('stores the draft and names it in the cookie while the database is up', async () => {
    expect(await keepDraft(draft)).toBe('3f1c2a9e-5b7d-4e8f-9a0b-1c2d3e4f5a6b');
  });

  it('seals the typed text into the cookie when the database is down, and the retry page reads it back', async () => {
    database.up = false;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const kept = await keepDraft(draft);
    expect(kept).not.toBeNull();
    expect(kept).not.toContain('Sam');
    expect(await readDraft(kept ?? undefined)).toEqual(draft);
  });
});
