// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { testEnv } from '@/test-doubles/auth';

const consumeRateLimit = vi.hoisted(() => vi.fn());
vi.mock('@/lib/rate-limit', () => ({ consumeRateLimit }));
const rpc = vi.hoisted(() => vi.fn());
vi.mock('@supabase/supabase-js', () => ({ createClient: () => ({ rpc }) }));
vi.mock('@/lib/content/vacancies', () => ({ getAllVacancies: async () => [] }));

for (const [name, value] of Object.entries(testEnv)) vi.stubEnv(name, value);
vi.stubEnv('AUTH_RATE_LIMIT_CLIENT_FACTOR', undefined);

const { searchContent, SEARCH_RATE_LIMIT } = await import('./search-content');

const row = { collection: 'blog', slug: 'een-bericht', title: 'Een bericht', description: 'Over maatwerk.', passage: 'over [[maatwerk]]' };

beforeEach(() => {
  consumeRateLimit.mockReset().mockResolvedValue(true);
  rpc.mockReset().mockResolvedValue({ data: [row], error: null });
});

describe('searchContent', () => {
  it('counts each search against the client’s own limit before it asks the database', async () => {
    const outcome = await searchContent('maatwerk', 'nl', 'client-key');
    expect(consumeRateLimit).toHaveBeenCalledWith('search:client-key', SEARCH_RATE_LIMIT.maxSearches, SEARCH_RATE_LIMIT.windowSeconds);
    expect(outcome).toMatchObject({ results: [{ href: '/blog/een-bericht', title: 'Een bericht' }] });
  });

  it('refuses a client over its limit without asking the database', async () => {
    consumeRateLimit.mockResolvedValue(false);
    expect(await searchContent('maatwerk', 'nl', 'client-key')).toEqual({ refused: 'limited' });
    expect(rpc).not.toHaveBeenCalled();
  });

  it('searches when the limiter cannot answer, and says so when the database cannot', async () => {
    consumeRateLimit.mockResolvedValue(null);
    expect(await searchContent('maatwerk', 'nl', 'client-key')).toHaveProperty('results');
    rpc.mockResolvedValue({ data: null, error: { message: 'down' } });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await searchContent('maatwerk', 'nl', 'client-key')).toEqual({ refused: 'unavailable' });
  });

  it('counts nothing for an empty query', async () => {
    expect(await searchContent('', 'nl', 'client-key')).toEqual({ results: [] });
    expect(consumeRateLimit).not.toHaveBeenCalled();
  });
});
