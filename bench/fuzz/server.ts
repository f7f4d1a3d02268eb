/**
 * The site under fuzz: our own `npm start` (the 127.0.0.1 preview with a throwaway backend), so
 * its log can be read to find the cause of every 5xx. FUZZ_BASE_URL names a running server
 * instead; it must be on this machine, and without its log the causes stay unknown.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import getPort from 'get-port';

import { signalGroup, stopGroup } from '../../scripts/lib/process-group';
import { ensureBuild } from '../lib/server';

export interface LogLine {
  at: number;
  text: string;
}

export interface FuzzServer {
  baseUrl: string;
  /** Lines the server printed, in order, with the time they arrived (performance.now()). */
  log: LogLine[] | undefined;
  stop(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const START_TIMEOUT_MS = 120_000;
/** The log is kept for cause-finding (indexes into it must stay valid); past this many lines the rest is dropped. */
const MAX_LOG_LINES = 200_000;

export function loopbackUrl(raw: string): string {
  const url = new URL(raw);
  if (!LOOPBACK.has(url.hostname)) throw new Error(`FUZZ_BASE_URL must be on this machine (127.0.0.1), got ${url.hostname}`);
  return url.origin;
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

export async function startFuzzServer(root: string): Promise<FuzzServer> {
  const external = process.env.FUZZ_BASE_URL;
  if (external !== undefined && external !== '') return { baseUrl: loopbackUrl(external), log: undefined, stop: async () => undefined };

  await ensureBuild(root);
  const [port, backendPort] = [await getPort(), await getPort()];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fuzz-backend-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      LOCAL_SUPABASE_PORT: String(backendPort),
      LOCAL_SUPABASE_DATA_DIR: dataDir,
      LOCAL_SUPABASE_SITE_URL: baseUrl,
      // The build has the backend address it was made with compiled in; the server reads this one first.
      SUPABASE_URL: `http://127.0.0.1:${backendPort}`,
      // Stack traces point at src/ instead of minified chunks, so a 5xx can be traced to its code.
      NODE_OPTIONS: [process.env.NODE_OPTIONS, '--enable-source-maps'].filter(Boolean).join(' '),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: LogLine[] = [];
  const keep = (chunk: Buffer): void => {
    const at = performance.now();
    for (const text of chunk.toString().split('\n')) if (text !== '' && log.length < MAX_LOG_LINES) log.push({ at, text });
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const onExit = (): void => void signalGroup(child.pid, 'SIGKILL');
  process.once('exit', onExit);

  const stop = async (): Promise<void> => {
    process.off('exit', onExit);
    await stopGroup(child.pid);
    await rm(dataDir, { recursive: true, force: true });
  };

  // Not wait-on: this loop also gives up the moment the server exits, with its log, instead of at the timeout.
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    if (await answers(`${baseUrl}/en`)) return { baseUrl, log, stop };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error(
    `npm start did not answer within ${START_TIMEOUT_MS / 1000} s:\n${log
      .slice(-40)
      .map((line) => line.text)
      .join('\n')}`,
  );
}
