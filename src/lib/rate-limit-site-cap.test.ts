// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { limiter, resetFakes, testEnv } from '@/test-doubles/auth';

vi.mock('@/lib/supabase/admin', async () => (await import('@/test-doubles/auth')).adminModule);
for (const [name, value] of Object.entries(testEnv)) vi.stubEnv(name, value);

const { consumeSiteCap } = await import('./rate-limit');

beforeEach(() => resetFakes());

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

  it('says nothing about a cap it could not check', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    limiter.broken = true;
    expect(await consumeSiteCap('contact-site', 2, 3600)).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });
});
