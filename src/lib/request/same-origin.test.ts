// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';

vi.stubEnv('NEXT_PUBLIC_SITE_URL', 'https://www.bitwerf.nl');
const { isSameOriginRequest } = await import('./same-origin');

const from = (headers: Record<string, string>) => new Headers({ host: '127.0.0.1:3000', ...headers });

describe('isSameOriginRequest', () => {
  it('believes Fetch Metadata where the browser sends it, whatever Origin says', () => {
    expect(isSameOriginRequest(from({ 'sec-fetch-site': 'same-origin' }))).toBe(true);
    for (const site of ['cross-site', 'same-site', 'none']) {
      expect(isSameOriginRequest(from({ 'sec-fetch-site': site, origin: 'http://127.0.0.1:3000' }))).toBe(false);
    }
  });

  it("without it, takes an Origin of the requested host or the site's public host, and no other", () => {
    expect(isSameOriginRequest(from({ origin: 'http://127.0.0.1:3000' }))).toBe(true);
    expect(isSameOriginRequest(from({ origin: 'https://www.bitwerf.nl' }))).toBe(true);
    expect(isSameOriginRequest(from({ origin: 'https://evil.example' }))).toBe(false);
    expect(isSameOriginRequest(from({ origin: 'https://www.bitwerf.nl.evil.example' }))).toBe(false);
    expect(isSameOriginRequest(from({ origin: 'null' }))).toBe(false);
  });

  it('lets a request from no browser through (no Origin, no Fetch Metadata)', () => {
    expect(isSameOriginRequest(from({}))).toBe(true);
  });
});
