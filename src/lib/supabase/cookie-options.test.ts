// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.resetModules();
});

async function optionsWith(siteUrl: string | undefined, browserOrigin?: string) {
  if (siteUrl !== undefined) vi.stubEnv('NEXT_PUBLIC_SITE_URL', siteUrl);
  if (browserOrigin) vi.stubGlobal('window', { location: { origin: browserOrigin } });
  const { sessionCookieOptions } = await import('./cookie-options');
  return sessionCookieOptions();
}

describe('sessionCookieOptions', () => {
  it('marks the session cookie Secure on the server of an https site', async () => {
    expect(await optionsWith('https://www.bitwerf.nl')).toEqual({ secure: true });
  });

  it('leaves it off over plain http, where a Secure cookie would not be stored', async () => {
    expect(await optionsWith('http://127.0.0.1:3210')).toEqual({ secure: false });
    expect(await optionsWith(undefined)).toEqual({ secure: false });
  });

  it("follows the page's own origin in the browser", async () => {
    expect(await optionsWith('http://localhost:3000', 'https://www.bitwerf.nl')).toEqual({ secure: true });
    expect(await optionsWith('https://www.bitwerf.nl', 'http://127.0.0.1:3210')).toEqual({ secure: false });
  });
});
