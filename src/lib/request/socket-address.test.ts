// @vitest-environment node
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { recordSocketAddress, SOCKET_ADDRESS_HEADER } from './socket-address';

let server: Server;
let port = 0;

beforeAll(async () => {
  // Answers with the header as the site's code would read it after npm start's server ran.
  server = createServer((req, res) => {
    recordSocketAddress(req);
    res.end(String(req.headers[SOCKET_ADDRESS_HEADER]));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  ({ port } = server.address() as AddressInfo);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A request from one loopback address, with the headers a client might forge. */
function seenAs(localAddress: string, headers: Record<string, string | string[]> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, localAddress, headers, agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('recordSocketAddress', () => {
  it('names each connection by the address it comes from', async () => {
    expect(await seenAs('127.0.0.2')).toBe('127.0.0.2');
    expect(await seenAs('127.0.0.3')).toBe('127.0.0.3');
  });

  it('replaces whatever the client sent in its place, once or repeated', async () => {
    expect(await seenAs('127.0.0.4', { [SOCKET_ADDRESS_HEADER]: '203.0.113.9', 'x-forwarded-for': '203.0.113.9' })).toBe('127.0.0.4');
    expect(await seenAs('127.0.0.4', { [SOCKET_ADDRESS_HEADER]: ['203.0.113.9', '198.51.100.1'] })).toBe('127.0.0.4');
  });
});
