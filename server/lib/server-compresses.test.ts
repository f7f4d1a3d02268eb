import { afterEach, describe, expect, it, vi } from 'vitest';

import { SERVER_COMPRESSES } from './server-compresses';

async function loadConfig() {
  vi.resetModules();
  return (await import('../../next.config')).default;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('next.config.ts', () => {
  it("keeps Next's compression and ETags for next start, the standalone server and Vercel", async () => {
    vi.stubEnv(SERVER_COMPRESSES, undefined);
    const config = await loadConfig();
    expect(config.compress).toBe(true);
    expect(config.generateEtags).toBe(true);
  });

  it('turns them off only inside our server, which replaces them', async () => {
    vi.stubEnv(SERVER_COMPRESSES, '1');
    const config = await loadConfig();
    expect(config.compress).toBe(false);
    expect(config.generateEtags).toBe(false);
  });
});
