// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { contentPolicy, securityHeaders } from './headers';

function directives(policy: string): Map<string, string> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
}

describe('security headers', () => {
  const headers = Object.fromEntries(
    securityHeaders({ supabaseUrl: 'https://abc.supabase.co/', siteUrl: 'https://www.bitwerf.nl' }).map((h) => [h.key, h.value]),
  );

  it('sets the transport, sniffing, referrer, framing, feature and opener headers', () => {
    expect(headers).toMatchObject({
      'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
      'Cross-Origin-Opener-Policy': 'same-origin',
    });
    expect(headers['Permissions-Policy']).toContain('camera=()');
  });

  it('locks down plugins, the base URL, form targets and framing in the content policy', () => {
    const policy = directives(headers['Content-Security-Policy'] ?? '');
    expect(policy.get('object-src')).toBe("'none'");
    expect(policy.get('base-uri')).toBe("'self'");
    expect(policy.get('form-action')).toBe("'self'");
    expect(policy.get('frame-ancestors')).toBe("'none'");
    expect(policy.has('upgrade-insecure-requests')).toBe(true);
  });

  it('lets the browser reach Supabase (by origin) and, after consent, Google Analytics', () => {
    const connect = directives(headers['Content-Security-Policy'] ?? '').get('connect-src') ?? '';
    expect(connect.split(' ')).toEqual(expect.arrayContaining(["'self'", 'https://abc.supabase.co', 'https://*.google-analytics.com']));
  });

  it('lets pages show images from the content-images bucket only, not the rest of Supabase', () => {
    const images = (directives(headers['Content-Security-Policy'] ?? '').get('img-src') ?? '').split(' ');
    expect(images).toContain('https://abc.supabase.co/storage/v1/object/public/content-images/');
    expect(images).not.toContain('https://abc.supabase.co');
  });

  it('leaves scripts to the page policy: no script-src and no default-src to fall back on', () => {
    const policy = directives(contentPolicy({ supabaseUrl: undefined, siteUrl: undefined }));
    expect(policy.has('script-src')).toBe(false);
    expect(policy.has('default-src')).toBe(false);
  });

  it('does not upgrade requests over plain http (local preview, e2e), and skips a malformed Supabase URL', () => {
    const policy = directives(contentPolicy({ supabaseUrl: 'not a url', siteUrl: 'http://127.0.0.1:3210' }));
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
    expect(policy.get('connect-src')).not.toContain('not');
  });
});

describe('headers of build files', () => {
  it('keep HTTPS-only and nosniff, which matter for scripts and styles too', async () => {
    const { assetHeaders } = await import('./headers');
    expect(assetHeaders.map((h) => h.key)).toEqual(['Strict-Transport-Security', 'X-Content-Type-Options']);
  });
});
