import { spawn } from 'node:child_process';
import path from 'node:path';

import { expect } from '@playwright/test';
import getPort from 'get-port';

import { serverEnv } from '../../config/e2e-servers';

export type NextServer = { url: string; stop: () => void };

/**
 * Another `next start` of the suite's build (no second build): for scenarios that need a server
 * of their own, with other flags or another backend. Resolves once it answers.
 */
export async function startNextServer({
  port,
  host,
  env = {},
  timeout = 30_000,
}: { port?: number; host?: string; env?: Record<string, string>; timeout?: number } = {}): Promise<NextServer> {
  const listenPort = port ?? (await getPort());
  const root = path.resolve(import.meta.dirname, '../..');
  const args = [path.join(root, 'node_modules/next/dist/bin/next'), 'start', ...(host ? ['-H', host] : []), '-p', String(listenPort)];
  // A production `next start` refuses to run without a client-address source it can trust; the suite
  // plays the one proxy in front of every server it starts (servers.ts).
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, TRUSTED_PROXY_COUNT: serverEnv.TRUSTED_PROXY_COUNT, ...env },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${listenPort}`;
  await expect.poll(async () => (await fetch(`${url}/robots.txt`).catch(() => null))?.status ?? 0, { timeout }).toBe(200);
  return { url, stop: () => child.kill('SIGTERM') };
}
