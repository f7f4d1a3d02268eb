import type { IncomingMessage } from 'node:http';

/*
 * How the site learns a request's socket address when no proxy stands in front of it. Next hands
 * pages, actions and route handlers the request's headers only, so the server that owns the socket
 * (server/serve.ts, which `npm start` runs) writes the address into a header of its own, over any
 * value a client sent, and marks its own environment to say so. Without that mark the header is
 * never read: under another server (`next start`) it would hold whatever the client sent.
 *
 * Free of server-only imports: server/serve.ts runs outside Next's bundles.
 */

export const SOCKET_ADDRESS_HEADER = 'x-bitwerf-socket-address';

/** Set by server/serve.ts in its own process, never by a deployer. */
export const SOCKET_ADDRESS_MARK = 'BITWERF_SERVER_SETS_SOCKET_ADDRESS';

/** Replaces whatever the client sent in the header with the address its connection comes from. */
export function recordSocketAddress(req: IncomingMessage): void {
  req.headers[SOCKET_ADDRESS_HEADER] = req.socket.remoteAddress ?? '';
}
