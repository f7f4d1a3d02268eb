// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { addressBucket, parseAddress, trustedClientAddress, type ProxySettings } from './forwarded';
import { SOCKET_ADDRESS_HEADER } from './socket-address';

const noProxy: ProxySettings = { trustedProxyCount: 0, onVercel: false, socketAddressHeader: false };
const oneProxy: ProxySettings = { trustedProxyCount: 1, onVercel: false, socketAddressHeader: false };
const twoProxies: ProxySettings = { trustedProxyCount: 2, onVercel: false, socketAddressHeader: false };
const vercel: ProxySettings = { trustedProxyCount: 0, onVercel: true, socketAddressHeader: false };
/** `npm start` with nothing in front: its server wrote the socket address. */
const socketOnly: ProxySettings = { ...noProxy, socketAddressHeader: true };
const socketBehindOneProxy: ProxySettings = { ...oneProxy, socketAddressHeader: true };

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

  it('without a proxy under npm start, takes the socket address and nothing the client claims', () => {
    const forged = { 'x-forwarded-for': '198.51.100.1', 'x-real-ip': '198.51.100.2', 'x-vercel-forwarded-for': '198.51.100.3' };
    expect(trustedClientAddress(from({ ...forged, [SOCKET_ADDRESS_HEADER]: '203.0.113.7' }), socketOnly)).toBe('203.0.113.7');
    expect(trustedClientAddress(from({ [SOCKET_ADDRESS_HEADER]: '::ffff:203.0.113.7' }), socketOnly)).toBe('::ffff:203.0.113.7');
    // The header means nothing where no server of ours wrote it: under `next start` it is the client's.
    expect(trustedClientAddress(from({ [SOCKET_ADDRESS_HEADER]: '203.0.113.7' }), noProxy)).toBeNull();
  });

  it('behind proxies, takes the socket address of a request that did not pass them all', () => {
    expect(
      trustedClientAddress(from({ 'x-forwarded-for': '203.0.113.7', [SOCKET_ADDRESS_HEADER]: '192.0.2.10' }), socketBehindOneProxy),
    ).toBe('203.0.113.7');
    expect(trustedClientAddress(from({ [SOCKET_ADDRESS_HEADER]: '198.51.100.9' }), socketBehindOneProxy)).toBe('198.51.100.9');
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
