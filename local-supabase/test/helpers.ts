import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { createClient, type SupabaseClient } from '@supabase/supabase-js';

import { startLocalSupabase, type LocalSupabase, type LocalSupabaseOptions } from '../src/server';
import { ensureGlobalWebSocket } from '../src/websocket-polyfill';

ensureGlobalWebSocket();

export interface TestBackend extends LocalSupabase {
  dataDir: string;
  /** A client as a server-side site module makes it: no storage, no timers. */
  client(key?: string): SupabaseClient;
  admin(): SupabaseClient;
  /** Raw HTTP to the backend, for what the client library never sends. */
  fetch(pathname: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export const TEST_MIGRATIONS = path.join(import.meta.dirname, 'migrations');

/** Starts a backend on a free port with a fresh data folder, as each test file needs. */
export async function startTestBackend(options: LocalSupabaseOptions = {}): Promise<TestBackend> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'local-supabase-test-')));
  let backend: LocalSupabase;
  try {
    backend = await startLocalSupabase({ port: 0, quiet: true, tokenRateLimit: false, ...options, dataDir });
  } catch (error) {
    if (options.dataDir === undefined) await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const client = (key = backend.anonKey): SupabaseClient =>
    createClient(backend.url, key, { auth: { persistSession: false, autoRefreshToken: false } });
  return {
    ...backend,
    dataDir,
    client,
    admin: () => client(backend.serviceRoleKey),
    fetch: (pathname, init) => fetch(`${backend.url}${pathname}`, init),
    async close() {
      await backend.stop();
      if (options.dataDir === undefined) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const DEMO = { email: 'demo@bitwerf.nl', password: 'bitwerf-demo-2026' };
export const STAFF = { email: 'staff@bitwerf.nl', password: 'bitwerf-staff-2026' };

/** Builds a compact JWS from parts, to forge headers and signatures in tests. */
export function rewriteJwt(
  token: string,
  change: { header?: Record<string, unknown>; payload?: Record<string, unknown>; signature?: string },
): string {
  const [header = '', payload = '', signature = ''] = token.split('.');
  const decode = (part: string): Record<string, unknown> =>
    JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>;
  const encode = (value: Record<string, unknown>): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  return [
    change.header === undefined ? header : encode({ ...decode(header), ...change.header }),
    change.payload === undefined ? payload : encode({ ...decode(payload), ...change.payload }),
    change.signature ?? signature,
  ].join('.');
}
