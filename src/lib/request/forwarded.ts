import { isIP } from 'node:net';

import { SOCKET_ADDRESS_HEADER } from './socket-address';

/**
 * Which address a request came from, from headers only a trusted hop can have written.
 *
 * IMPORTANT: X-Forwarded-For is a list the client starts and each proxy appends to, so only
 * entries added by our own proxies can be trusted. With N trusted proxies in front of the
 * site, the entry the nearest of them appended (the client as the outermost proxy saw it)
 * is the N-th from the right. Everything left of it is whatever the client sent. `next start`
 * keeps a client-sent X-Forwarded-For as it is, so with no proxy (N = 0) no entry can be
 * trusted; then the address is the socket's, which `npm start`'s server writes into a header of
 * its own (./socket-address.ts). A request that did not pass all N proxies came to the site
 * directly, so its socket address is the client's too. On Vercel, its edge sets
 * x-vercel-forwarded-for itself.
 */

export type ProxySettings = {
  trustedProxyCount: number;
  onVercel: boolean;
  /** The server in front of Next wrote the socket address into SOCKET_ADDRESS_HEADER (./socket-address.ts). */
  socketAddressHeader: boolean;
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

/** The entry the nearest of `count` proxies appended to X-Forwarded-For, or null. */
function forwardedAddress(headers: HeaderSource, count: number): string | null {
  const header = headers.get('x-forwarded-for');
  if (header === null) return null;
  const entries = header.split(',');
  // With fewer entries than proxies the index is negative and there is no entry: the request
  // did not pass all of them, so none of the list is ours.
  const entry = entries[entries.length - count];
  return entry === undefined ? null : parseAddress(entry);
}

/** The client's address, or null when nothing the client cannot forge names one. */
export function trustedClientAddress(headers: HeaderSource, settings: ProxySettings): string | null {
  if (settings.onVercel) {
    // Vercel writes one address; anything else did not come from its edge as documented.
    const value = headers.get('x-vercel-forwarded-for');
    return value === null || value.includes(',') ? null : parseAddress(value);
  }
  const forwarded = settings.trustedProxyCount === 0 ? null : forwardedAddress(headers, settings.trustedProxyCount);
  if (forwarded !== null || !settings.socketAddressHeader) return forwarded;
  const socket = headers.get(SOCKET_ADDRESS_HEADER);
  return socket === null ? null : parseAddress(socket);
}

/** Eight 16-bit groups of an IPv6 address (already checked by isIP), with `::` and an IPv4 tail expanded. */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split('.').map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = rest === undefined || rest === '' ? [] : rest.split(':');
  const zeros = rest === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16));
}

/**
 * The unit a limit counts: an IPv4 address, or the /64 network of an IPv6 address (one
 * connection usually owns a whole /64, so counting single addresses would let a client
 * rotate through billions of them). IPv4-mapped IPv6 addresses count as their IPv4 address.
 */
export function addressBucket(address: string): string {
  if (isIP(address) === 4) return address;
  const groups = ipv6Groups(address);
  const [g6 = 0, g7 = 0] = groups.slice(6);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
