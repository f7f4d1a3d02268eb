import { describe, expect, it } from 'vitest';

import { isLoopbackUrl } from './loopback';

describe('isLoopbackUrl', () => {
  it('recognises the addresses that name this machine', () => {
    for (const url of ['http://127.0.0.1:54321', 'http://[::1]:54321', 'http://localhost:3000', 'http://db.localhost']) {
      expect(isLoopbackUrl(url)).toBe(true);
    }
  });

  it('refuses other hosts, look-alikes and text that is no URL', () => {
    for (const url of ['https://abc.supabase.co', 'http://localhost.example.com', 'http://127.0.0.2', 'not a url', '']) {
      expect(isLoopbackUrl(url)).toBe(false);
    }
  });
});
