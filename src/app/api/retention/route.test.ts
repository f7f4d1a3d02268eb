import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const purge = vi.hoisted(() => ({
  purgeExpiredApplications: vi.fn(),
  purgeOldContactMessages: vi.fn(),
  purgeOldApplicationDrafts: vi.fn(),
  purgeOldRateLimitHits: vi.fn(),
  purgeOldApplicationAccessLog: vi.fn(),
  purgeOldSiteCapTrips: vi.fn(),
  purgeOldRightsRequests: vi.fn(),
}));
vi.mock('@/lib/recruiting/retention', () => purge);
const outbox = vi.hoisted(() => ({ runMailOutbox: vi.fn() }));
vi.mock('@/lib/mail/mail-outbox', () => outbox);

const secret = 's'.repeat(40);
const succeeded = { ok: true, applications: { deleted: ['a', 'b'], failed: [] }, untrackedObjects: { removed: 1, failed: 0 } };

// A fresh module per test: the secret is read once per process.
async function post(headers: Record<string, string> = {}) {
  vi.resetModules();
  const { POST } = await import('./route');
  return POST(new Request('http://site.test/api/retention', { method: 'POST', headers }));
}

describe('POST /api/retention', () => {
  beforeEach(() => {
    purge.purgeExpiredApplications.mockReset().mockResolvedValue(succeeded);
    purge.purgeOldContactMessages.mockReset().mockResolvedValue(3);
    purge.purgeOldApplicationDrafts.mockReset().mockResolvedValue(4);
    purge.purgeOldRateLimitHits.mockReset().mockResolvedValue(5);
    outbox.runMailOutbox.mockReset().mockResolvedValue({ ok: true, sent: 6, retrying: 1, gaveUp: 0 });
    purge.purgeOldApplicationAccessLog.mockReset().mockResolvedValue(6);
    purge.purgeOldSiteCapTrips.mockReset().mockResolvedValue(7);
    purge.purgeOldRightsRequests.mockReset().mockResolvedValue(8);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('does not exist without CRON_SECRET', async () => {
    vi.stubEnv('CRON_SECRET', '');
    const response = await post({ authorization: 'Bearer anything' });
    expect(response.status).toBe(404);
    expect(purge.purgeExpiredApplications).not.toHaveBeenCalled();
  });

  it('answers 401 without the right bearer token, and purges nothing', async () => {
    vi.stubEnv('CRON_SECRET', secret);
    const attempts: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${secret.slice(1)}` },
      { authorization: secret },
      { 'x-cron-secret': secret },
    ];
    for (const headers of attempts) {
      const response = await post(headers);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
    }
    expect(purge.purgeExpiredApplications).not.toHaveBeenCalled();
    expect(purge.purgeOldContactMessages).not.toHaveBeenCalled();
    expect(purge.purgeOldApplicationDrafts).not.toHaveBeenCalled();
    expect(purge.purgeOldRateLimitHits).not.toHaveBeenCalled();
    expect(outbox.runMailOutbox).not.toHaveBeenCalled();
  });

  it('sends the mail outbox, runs every purge and answers with counts only', async () => {
    vi.stubEnv('CRON_SECRET', secret);
    const response = await post({ authorization: `Bearer ${secret}` });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      mails: { sent: 6, retrying: 1, gaveUp: 0, failed: false },
      applications: { deleted: 2, failed: 0 },
      untrackedFiles: { removed: 1, failed: 0 },
      applicationDrafts: { deleted: 4, failed: false },
      contactMessages: { deleted: 3, failed: false },
      rateLimitHits: { deleted: 5, failed: false },
      applicationAccessLog: { deleted: 6, failed: false },
      siteCapTrips: { deleted: 7, failed: false },
      rightsRequests: { deleted: 8, failed: false },
    });
  });

  it('answers 503 when part of the run failed, so the scheduler logs it', async () => {
    vi.stubEnv('CRON_SECRET', secret);
    purge.purgeExpiredApplications.mockResolvedValue({ ...succeeded, ok: false, applications: { deleted: [], failed: ['a'] } });
    expect((await post({ authorization: `Bearer ${secret}` })).status).toBe(503);
    purge.purgeExpiredApplications.mockResolvedValue(succeeded);
    purge.purgeOldContactMessages.mockResolvedValue(null);
    expect((await post({ authorization: `Bearer ${secret}` })).status).toBe(503);
    purge.purgeOldContactMessages.mockResolvedValue(3);
    purge.purgeOldApplicationAccessLog.mockResolvedValue(null);
    expect((await post({ authorization: `Bearer ${secret}` })).status).toBe(503);
    purge.purgeOldContactMessages.mockResolvedValue(0);
    purge.purgeOldApplicationDrafts.mockResolvedValue(null);
    expect((await post({ authorization: `Bearer ${secret}` })).status).toBe(503);
    purge.purgeOldApplicationDrafts.mockResolvedValue(0);
    purge.purgeOldRateLimitHits.mockResolvedValue(null);
    expect((await post({ authorization: `Bearer ${secret}` })).status).toBe(503);
    purge.purgeOldRateLimitHits.mockResolvedValue(0);
    purge.purgeOldRightsRequests.mockResolvedValue(null);
    expect((await post({ authorization: `Bearer ${secret}` })).status).toBe(503);
    purge.purgeOldRightsRequests.mockResolvedValue(0);
    outbox.runMailOutbox.mockResolvedValue({ ok: false, sent: 0, retrying: 0, gaveUp: 0 });
    expect((await post({ authorization: `Bearer ${secret}` })).status).toBe(503);
  });

  it('fails loudly, naming the variable, when CRON_SECRET is unusable', async () => {
    vi.stubEnv('CRON_SECRET', 'too-short');
    await expect(post({ authorization: 'Bearer too-short' })).rejects.toThrow(/CRON_SECRET is too short/);
    expect(purge.purgeExpiredApplications).not.toHaveBeenCalled();
  });
});
