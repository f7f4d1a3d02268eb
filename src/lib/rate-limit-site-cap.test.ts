// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { limiter, resetFakes, testEnv } from '@/test-doubles/auth';

vi.mock('@/lib/supabase/admin', async () => (await import('@/test-doubles/auth')).adminModule);
for (const [name, value] of Object.entries(testEnv)) vi.stubEnv(name, value);

const { consumeSiteCap } = await import('./rate-limit');

beforeEach(() => resetFakes());
afterEach(() => vi.restoreAllMocks());

describe('consumeSiteCap', () => {
  it('lets hits through up to the cap, then refuses and tells the operators which cap closed', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await consumeSiteCap('contact-site', 2, 3600)).toBe(true);
    expect(await consumeSiteCap('contact-site', 2, 3600)).toBe(true);
    expect(warn).not.toHaveBeenCalled();
    expect(await consumeSiteCap('contact-site', 2, 3600)).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('site-wide cap "contact-site" (2 per 3600 s) is reached'));
    warn.mockRestore();
  });

  it('records each refusal for the admins, with the cap and its limit, and nothing while hits get through', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await consumeSiteCap('application-site', 1, 3600);
    expect(limiter.trips).toEqual([]);
    await consumeSiteCap('application-site', 1, 3600);
    await consumeSiteCap('application-site', 1, 3600);
    expect(limiter.trips).toEqual([
      { cap: 'application-site', max_hits: 1, window_seconds: 3600 },
      { cap: 'application-site', max_hits: 1, window_seconds: 3600 },
    ]);
  });

  it('says nothing about a cap it could not check', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    limiter.broken = true;
    expect(await consumeSiteCap('contact-site', 2, 3600)).toBeNull();
    expect(warn).not.toHaveBeenCalled();
    expect(limiter.trips).toEqual([]);
  });
});
