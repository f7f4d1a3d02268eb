// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { addressBucket, parseAddress, trustedClientAddress, type ProxySettings } from './forwarded';

const noProxy: ProxySettings = { trustedProxyCount: 0, onVercel: false };
const oneProxy: ProxySettings = { trustedProxyCount: 1, onVercel: false };
const twoProxies: ProxySettings = { trustedProxyCount: 2, onVercel: false };
const vercel: ProxySettings = { trustedProxyCount: 0, onVercel: true };

function from(headers: Record<string, string>) {
  return new Headers(headers);
}

describe('trustedClientAddress', () => {
  it('trusts no header when no proxy is configured (next start keeps what the client sent)', () => {
    expect(trustedClientAddress(from({ 'x-forwarded-for': '203.0.113.7' }), noProxy)).toBeNull();
    expect(trustedClientAddress(from({ 'x-real-ip': '203.0.113.7' }), noProxy)).toBeNull();
    expect(trustedClientAddress(from({ 'x-vercel-forwarded-for': '203.0.113.7' }), noProxy)).toBeNull();
    expect(trustedClientAddress(from({}), noProxy)).toBeNull();
  });

  it('takes the entry the nearest trusted proxy appended, never the left-most', () => {
    // The client claimed 198.51.100.1; our one proxy appended the address it saw.
    expect(trustedClientAddress(from({ 'x-forwarded-for': '198.51.100.1, 203.0.113.7' }), oneProxy)).toBe('203.0.113.7');
    expect(trustedClientAddress(from({ 'x-forwarded-for': '203.0.113.7' }), oneProxy)).toBe('203.0.113.7');
    // CDN → load balancer → site: the CDN appended the client, the balancer appended the CDN.
    expect(trustedClientAddress(from({ 'x-forwarded-for': '198.51.100.1, 203.0.113.7, 192.0.2.10' }), twoProxies)).toBe('203.0.113.7');
  });

  it('gives the same answer however the client fills the left of the list', () => {
    const seen = new Set<string | null>();
    for (let i = 0; i < 20; i += 1) {
      seen.add(trustedClientAddress(from({ 'x-forwarded-for': `198.51.100.${i}, 10.0.0.${i}, 203.0.113.7` }), oneProxy));
    }
    expect([...seen]).toEqual(['203.0.113.7']);
  });

  it('trusts nothing when the list is shorter than the proxy chain or the entry is not an address', () => {
    expect(trustedClientAddress(from({ 'x-forwarded-for': '203.0.113.7' }), twoProxies)).toBeNull();
    expect(trustedClientAddress(from({}), oneProxy)).toBeNull();
    expect(trustedClientAddress(from({ 'x-forwarded-for': '' }), oneProxy)).toBeNull();
    expect(trustedClientAddress(from({ 'x-forwarded-for': '203.0.113.7, unknown' }), oneProxy)).toBeNull();
    expect(trustedClientAddress(from({ 'x-forwarded-for': '203.0.113.7, 999.1.1.1' }), oneProxy)).toBeNull();
    // X-Real-IP is not consulted: whether it is ours depends on the proxy, and one setting is enough.
    expect(trustedClientAddress(from({ 'x-real-ip': '203.0.113.7' }), oneProxy)).toBeNull();
  });

  it('reads addresses with ports and brackets', () => {
    expect(trustedClientAddress(from({ 'x-forwarded-for': '203.0.113.7:51234' }), oneProxy)).toBe('203.0.113.7');
    expect(trustedClientAddress(from({ 'x-forwarded-for': '[2001:db8::1]:443' }), oneProxy)).toBe('2001:db8::1');
    expect(trustedClientAddress(from({ 'x-forwarded-for': '2001:db8::1' }), oneProxy)).toBe('2001:db8::1');
  });

  it('uses only x-vercel-forwarded-for on Vercel', () => {
    expect(trustedClientAddress(from({ 'x-vercel-forwarded-for': '203.0.113.7', 'x-forwarded-for': '198.51.100.1' }), vercel)).toBe(
      '203.0.113.7',
    );
    expect(trustedClientAddress(from({ 'x-forwarded-for': '203.0.113.7' }), vercel)).toBeNull();
    expect(trustedClientAddress(from({ 'x-vercel-forwarded-for': '198.51.100.1, 203.0.113.7' }), vercel)).toBeNull();
  });
});

describe('parseAddress', () => {
  it.each(['', 'unknown', '_hidden', '1.2.3', '[2001:db8::1', '[2001:db8::1]x', 'a'.repeat(100)])('refuses %j', (value) => {
    expect(parseAddress(value)).toBeNull();
  });
});

describe('addressBucket', () => {
  it('keeps IPv4 addresses as they are', () => {
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64 network', () => {
    expect(addressBucket('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:DB8:1:2::ffff')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
    expect(addressBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address', () => {
    expect(addressBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('::ffff:cb00:7107')).toBe('203.0.113.7');
  });
});
