import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const tick = vi.hoisted(() => ({ promoteDueContent: vi.fn() }));
vi.mock('@/lib/content/content-tick', () => tick);

const secret = 's'.repeat(40);

// A fresh module per test: the secret is read once per process.
async function post(headers: Record<string, string> = {}) {
  vi.resetModules();
  const { POST } = await import('./route');
  return POST(new Request('http://site.test/api/content/tick', { method: 'POST', headers }));
}

describe('POST /api/content/tick', () => {
  beforeEach(() => {
    tick.promoteDueContent.mockReset().mockResolvedValue({ ok: true, promoted: { blog: 2, vacancies: 0 } });
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('does not exist without CRON_SECRET', async () => {
    vi.stubEnv('CRON_SECRET', '');
    expect((await post({ authorization: 'Bearer anything' })).status).toBe(404);
    expect(tick.promoteDueContent).not.toHaveBeenCalled();
  });

  it('refuses a wrong or missing secret before promoting anything', async () => {
    vi.stubEnv('CRON_SECRET', secret);
    const attempts: Record<string, string>[] = [{}, { authorization: `Bearer ${'t'.repeat(40)}` }, { authorization: secret }];
    for (const headers of attempts) {
      const response = await post(headers);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
    }
    expect(tick.promoteDueContent).not.toHaveBeenCalled();
  });

  it('promotes what is due and answers with counts, uncached', async () => {
    vi.stubEnv('CRON_SECRET', secret);
    const response = await post({ authorization: `Bearer ${secret}` });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ promoted: { blog: 2, vacancies: 0 } });
  });

  it('answers 503 when the database refused, so the scheduler logs it', async () => {
    vi.stubEnv('CRON_SECRET', secret);
    tick.promoteDueContent.mockResolvedValue({ ok: false });
    expect((await post({ authorization: `Bearer ${secret}` })).status).toBe(503);
  });
});
