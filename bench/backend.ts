import { spawn } from 'node:child_process';
import { readFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

import { createClient, type SupabaseClient } from '@supabase/supabase-js';

import { startLocalSupabase } from '../local-supabase/src/server';
import { ensureGlobalWebSocket } from '../local-supabase/src/websocket-polyfill';

/**
 * The backend figures: cold start to ready, password sign-in, refresh, a 100-row
 * REST select under RLS, and memory. The backend runs in its own process (as `npm run
 * backend` does), so its RSS is not mixed with the bench client's; it uses the test
 * migrations (notes with owner policies).
 */

ensureGlobalWebSocket();

const SELF = fileURLToPath(import.meta.url);
const MIGRATIONS = path.join(import.meta.dirname, '../local-supabase/test/migrations');
const DEMO = { email: 'demo@bitwerf.nl', password: 'bitwerf-demo-2026' };

/** Child mode: start the backend on `dataDir`, report, and run until stdin closes. */
async function serve(dataDir: string): Promise<void> {
  const startedAt = performance.now();
  const backend = await startLocalSupabase({ port: 0, dataDir, migrationsDir: MIGRATIONS, quiet: true, tokenRateLimit: false });
  console.log(`ready ms=${performance.now() - startedAt} url=${backend.url}`);
  process.stdin.resume();
  process.stdin.once('end', () => void backend.stop().then(() => process.exit(0)));
}

interface Child {
  pid: number;
  url: string;
  readyMs: number;
  spawnToReadyMs: number;
  stop(): Promise<void>;
}

async function startChild(dataDir: string): Promise<Child> {
  const startedAt = performance.now();
  const child = spawn(process.execPath, [...process.execArgv, SELF, '--serve', dataDir], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const ready = await new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      if (line.startsWith('ready ')) resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`backend exited with ${code}`)));
  });
  const spawnToReadyMs = performance.now() - startedAt;
  const readyMs = Number(/ms=(\S+)/.exec(ready)?.[1]);
  const url = /url=(\S+)/.exec(ready)?.[1] ?? '';
  return {
    pid: child.pid ?? -1,
    url,
    readyMs,
    spawnToReadyMs,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.stdin.end();
      }),
  };
}

/** Resident memory of another process, from Linux's /proc (VmRSS is in kB). */
async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
}

const p50 = (samples: number[]): number => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

async function timed(times: number, run: () => Promise<void>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const startedAt = performance.now();
    await run();
    samples.push(performance.now() - startedAt);
  }
  return p50(samples);
}

function client(url: string, key: string): SupabaseClient {
  return createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false } });
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'local-supabase-bench-'));
  try {
    // First start creates the data folder; the measured one is a restart, as `npm run dev` usually is.
    const fresh = await startChild(dataDir);
    await fresh.stop();
    const backend = await startChild(dataDir);
    const { anonKey, serviceRoleKey } = await import('../local-supabase/src/keys').then((keys) => ({
      anonKey: keys.ANON_KEY,
      serviceRoleKey: keys.SERVICE_ROLE_KEY,
    }));

    const user = client(backend.url, anonKey);
    const { data, error } = await user.auth.signInWithPassword(DEMO);
    if (error !== null || data.user === null) throw error ?? new Error('sign-in failed');
    const rows = Array.from({ length: 150 }, (_, i) => ({ owner_id: data.user.id, title: `note ${i}`, rank: i }));
    const inserted = await client(backend.url, serviceRoleKey).from('notes').insert(rows);
    if (inserted.error !== null) throw inserted.error;

    const signInMs = await timed(15, async () => {
      const result = await client(backend.url, anonKey).auth.signInWithPassword(DEMO);
      if (result.error !== null) throw result.error;
    });
    const refreshMs = await timed(40, async () => {
      const result = await user.auth.refreshSession();
      if (result.error !== null) throw result.error;
    });
    const restMs = await timed(40, async () => {
      const result = await user.from('notes').select('*').order('rank').limit(100);
      if (result.error !== null || result.data.length !== 100) throw result.error ?? new Error(`got ${result.data.length} rows`);
    });
    const rss = await rssMb(backend.pid);
    await backend.stop();

    const figures = [
      { name: 'Cold start to ready (restart)', value: backend.readyMs, unit: 'ms', target: 3000 },
      { name: 'Process spawn to ready (restart)', value: backend.spawnToReadyMs, unit: 'ms', target: undefined },
      { name: 'Fresh data folder to ready', value: fresh.readyMs, unit: 'ms', target: undefined },
      { name: 'Password sign-in p50', value: signInMs, unit: 'ms', target: 150 },
      { name: 'Refresh p50', value: refreshMs, unit: 'ms', target: 20 },
      { name: 'REST select 100 rows under RLS p50', value: restMs, unit: 'ms', target: 20 },
      { name: 'Backend RSS after the runs', value: rss, unit: 'MB', target: 300 },
    ];
    console.log('Local Supabase backend');
    for (const figure of figures) {
      const verdict =
        figure.target === undefined
          ? ''
          : figure.value < figure.target
            ? `PASS (< ${figure.target} ${figure.unit})`
            : `MISS (target < ${figure.target} ${figure.unit})`;
      console.log(`  ${figure.name.padEnd(38)} ${figure.value.toFixed(1).padStart(8)} ${figure.unit.padEnd(3)} ${verdict}`);
    }
    const resultsDir = path.join(import.meta.dirname, 'results');
    await mkdir(resultsDir, { recursive: true });
    await writeFile(path.join(resultsDir, 'backend.json'), `${JSON.stringify({ at: new Date().toISOString(), figures }, null, 2)}\n`);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const serving = process.argv.indexOf('--serve');
const run = serving === -1 ? main() : serve(process.argv[serving + 1] ?? '');
run.catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
