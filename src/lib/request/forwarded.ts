import { isIP } from 'node:net';

import ipaddr from 'ipaddr.js';
import proxyaddr from 'proxy-addr';

/**
 * Which address a request came from, from headers only a trusted hop can have written.
 *
 * IMPORTANT: X-Forwarded-For is a list the client starts and each proxy appends to, so only
 * entries added by our own proxies can be trusted. With N trusted proxies in front of the site,
 * the client is the address the outermost of them saw, which proxy-addr finds by trusting the N
 * nearest hops: the connection (a proxy's, which Next does not show us) and the N − 1 entries
 * they appended. A request with fewer entries did not pass them all, and names nobody we can
 * trust. With no proxy (N = 0) nothing is trusted: `next start` keeps a client-sent
 * X-Forwarded-For as it is. On Vercel, its edge sets x-vercel-forwarded-for itself.
 */

export type ProxySettings = {
  trustedProxyCount: number;
  onVercel: boolean;
};

type HeaderSource = { get(name: string): string | null };

/** One address from a header entry: `1.2.3.4`, `1.2.3.4:5678`, `2001:db8::1` or `[2001:db8::1]:443`. */
export function parseAddress(entry: string): string | null {
  let text = entry.trim();
  if (text.startsWith('[')) {
    const end = text.indexOf(']');
    if (end < 0 || (end + 1 < text.length && !/^:\d{1,5}$/.test(text.slice(end + 1)))) return null;
    text = text.slice(1, end);
  } else if (/^[\d.]+:\d{1,5}$/.test(text)) {
    text = text.slice(0, text.lastIndexOf(':'));
  }
  return isIP(text) === 0 ? null : text;
}

/**
 * Stands for the connection in proxy-addr's list. Its address never reaches a route handler, and
 * with N ≥ 1 it is always our nearest proxy, so it is trusted whatever it is.
 */
const NEAREST_HOP = '0.0.0.0';

/** The address the outermost of `count` trusted proxies saw, or null. */
function forwardedAddress(headers: HeaderSource, count: number): string | null {
  const header = headers.get('x-forwarded-for');
  if (header === null) return null;
  const request = { headers: { 'x-forwarded-for': header }, socket: { remoteAddress: NEAREST_HOP } };
  // The connection and each entry up to the first untrusted one, nearest first. proxy-addr reads
  // only these two fields of the IncomingMessage it is typed to take.
  const hops = proxyaddr.all(request as unknown as Parameters<typeof proxyaddr.all>[0], (_address, hop) => hop < count);
  return hops.length > count ? parseAddress(hops[count] ?? '') : null;
}

/** The client's address, or null when nothing the client cannot forge names one. */
export function trustedClientAddress(headers: HeaderSource, settings: ProxySettings): string | null {
  if (settings.onVercel) {
    // Vercel writes one address; anything else did not come from its edge as documented.
    const value = headers.get('x-vercel-forwarded-for');
    return value === null || value.includes(',') ? null : parseAddress(value);
  }
  return settings.trustedProxyCount === 0 ? null : forwardedAddress(headers, settings.trustedProxyCount);
}

/**
 * The unit a limit counts: an IPv4 address, or the /64 network of an IPv6 address (one
 * connection usually owns a whole /64, so counting single addresses would let a client
 * rotate through billions of them). IPv4-mapped IPv6 addresses count as their IPv4 address.
 */
export function addressBucket(address: string): string {
  const zoneless = address.split('%')[0] ?? address;
  const parsed = ipaddr.parse(zoneless);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const ipv6 = parsed as ipaddr.IPv6;
  if (ipv6.isIPv4MappedAddress()) return ipv6.toIPv4Address().toString();
  return `${ipv6.parts
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
