import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { startTestBackend, type TestBackend } from './helpers';
import { banner } from '../src/banner';
import { resolveConfig } from '../src/config';

const keys = { url: 'http://127.0.0.1:54321', anonKey: 'anon', serviceRoleKey: 'service' };

describe('banner', () => {
  it('says a preview is not for production and that it listens on 127.0.0.1 only', () => {
    const text = banner(keys, { preview: true, readyMs: 900 });
    expect(text.split('\n')[0]).toBe('LOCAL PREVIEW, NOT FOR PRODUCTION');
    expect(text).toContain('listen on 127.0.0.1 only');
    expect(text).toContain('Local Supabase ready in 900 ms');
  });

  it('prints no preview notice in dev or for `npm run backend`', () => {
    expect(banner(keys, { dataDir: '/tmp/x' })).not.toContain('PREVIEW');
    expect(banner(keys, { reused: true }).split('\n')[0]).toBe('Local Supabase already running');
  });
});

describe('e-mailed links in the log', () => {
  it('are printed by default in dev only', () => {
    expect(resolveConfig({}, { NODE_ENV: 'test' }).logEmailLinks).toBe(true);
    expect(resolveConfig({}, { NODE_ENV: 'development' }).logEmailLinks).toBe(true);
    expect(resolveConfig({}, { NODE_ENV: 'production' }).logEmailLinks).toBe(false);
    expect(resolveConfig({ logEmailLinks: true }, { NODE_ENV: 'production' }).logEmailLinks).toBe(true);
  });

  describe('with logEmailLinks off', () => {
    let backend: TestBackend;
    const lines: string[] = [];

    beforeAll(async () => {
      vi.spyOn(console, 'log').mockImplementation((line: unknown) => {
        lines.push(String(line));
      });
      backend = await startTestBackend({ quiet: false, logEmailLinks: false });
    });
    afterAll(async () => {
      await backend?.close();
      vi.restoreAllMocks();
    });

    it('logs that a reset mail went out, but not its link', async () => {
      expect((await backend.client().auth.resetPasswordForEmail('demo@bitwerf.nl')).error).toBeNull();
      const logged = lines.filter((line) => line.startsWith('[inbox] '));
      // The subject comes from the Dutch or English template; what matters is that no link is printed.
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatch(/^\[inbox\] .+ for demo@bitwerf\.nl: \(link kept in the local inbox, not printed\)$/);
      expect(lines.join('\n')).not.toMatch(/token_hash=/);
    });
  });
});
