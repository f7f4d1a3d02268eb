import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterEach, describe, expect, it } from 'vitest';

import { isLocalBackendRunning } from '../src/probe';

let server: Server | undefined;

async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
  server = createServer(handler);
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server?.address() as AddressInfo).port}`;
}

async function close(): Promise<void> {
  const running = server;
  server = undefined;
  if (running !== undefined) await new Promise((resolve) => running.close(resolve));
}

afterEach(close);

describe('finding a backend already running', () => {
  it('recognises a backend that takes a few seconds to answer, as a busy one does, instead of starting a second', async () => {
    const url = await listen((_request, response) => {
      setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end('{"external":{}}'), 1_500);
    });
    expect(await isLocalBackendRunning(url)).toBe(true);
  });

  it('finds none when nothing listens on the port', async () => {
    const url = await listen(() => undefined);
    await close();
    expect(await isLocalBackendRunning(url)).toBe(false);
  });

  it('does not take another server on the port for the backend', async () => {
    const url = await listen((_request, response) => response.writeHead(404).end());
    expect(await isLocalBackendRunning(url)).toBe(false);
  });
});
