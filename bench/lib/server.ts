/**
 * Gives the bench a production server to measure.
 *
 * Either the one named by BENCH_BASE_URL (someone else owns it, we never stop
 * it), or our own `npm start` on a free port. We measure the production build
 * because dev mode ships unminified JS and HMR code, which would make every
 * Lighthouse and first-load-JS figure meaningless.
 *
 * Our own `npm start` runs as it does for a hosted project: configured with a Supabase project
 * (the embedded backend, started in the bench's process on the port the build points at, or the
 * one already running there), so the server process holds the site alone and its memory is the
 * site's, not the local preview's.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import getPort from 'get-port';

import { runCommand } from './run-command';
import { resolveSmtpPort } from '../../local-supabase/src/config';
import { ANON_KEY, DEFAULT_PORT, SERVICE_ROLE_KEY } from '../../local-supabase/src/keys';
import { isLocalBackendRunning } from '../../local-supabase/src/probe';
import { startLocalSupabase } from '../../local-supabase/src/server';
import { withSiteContent } from '../../scripts/lib/local-content';
import { signalGroup, stopGroup } from '../../scripts/lib/process-group';

export interface BenchServer {
  baseUrl: string;
  /** True when we started the server (and therefore must stop it). */
  owned: boolean;
  /** The process group we started it in, to find the Next process for its memory (owned only). */
  pgid?: number;
  stop: () => Promise<void>;
}

const START_TIMEOUT_MS = 60_000;
/** How many lines of server output we keep to explain a failed start. */
const LOG_TAIL_LINES = 40;

/**
 * `next start` refuses to run without a build. We only build when there is
 * none, because a build takes minutes and may be someone else's fresh one.
 */
export async function ensureBuild(root: string): Promise<void> {
  if (existsSync(path.join(root, '.next', 'BUILD_ID'))) return;
  console.error('[bench] no production build (.next/BUILD_ID missing) — running `npm run build` first');
  await runCommand(root, 'npm', ['run', 'build']);
}

async function answers200(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5_000) });
    await res.arrayBuffer(); // drain so the socket is released
    return res.status === 200;
  } catch {
    return false; // not listening yet
  }
}

/** The project `npm start` is pointed at: the embedded backend where the build expects it (LOCAL_SUPABASE_PORT). */
export async function hostedProject(): Promise<{ env: Record<string, string>; stop: () => Promise<void> }> {
  const port = Number(process.env.LOCAL_SUPABASE_PORT ?? DEFAULT_PORT);
  const url = `http://127.0.0.1:${port}`;
  // One trusted hop, as behind the edge (deploy/nginx/): a production start needs a client-address
  // source, and a request the bench sends straight to Next carries the address Next writes itself.
  const keys = {
    NEXT_PUBLIC_SUPABASE_URL: url,
    NEXT_PUBLIC_SUPABASE_ANON_KEY: ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
    TRUSTED_PROXY_COUNT: '1',
  };
  if (await isLocalBackendRunning(url)) {
    return { env: { ...keys, SMTP_URL: `smtp://127.0.0.1:${resolveSmtpPort(port, undefined)}` }, stop: async () => undefined };
  }
  // In memory, with the site's posts and vacancies imported as the embedded backend always has
  // them: the public pages read them, and a bench of empty lists would flatter every figure.
  const backend = await withSiteContent(await startLocalSupabase({ port, quiet: true }));
  return { env: { ...keys, SMTP_URL: backend.smtpUrl }, stop: () => backend.stop() };
}

async function startOwnServer(root: string): Promise<BenchServer> {
  await ensureBuild(root);
  const port = await getPort();
  const project = await hostedProject();
  try {
    const server = await startGroup(
      root,
      'npm',
      ['start'],
      { ...project.env, PORT: String(port), NODE_ENV: 'production' },
      `http://127.0.0.1:${port}`,
    );
    return {
      ...server,
      stop: async () => {
        await server.stop();
        await project.stop();
      },
    };
  } catch (error) {
    await project.stop();
    throw error;
  }
}

/**
 * Starts `command` as the leader of a new process group and waits until `baseUrl` answers
 * GET / with 200. Also used for the seed-style peer (see peer.ts).
 */
export async function startGroup(
  root: string,
  command: string,
  args: string[],
  env: Record<string, string>,
  baseUrl: string,
): Promise<BenchServer> {
  // detached => the child leads a new process group we can kill as a whole.
  const child = spawn(command, args, {
    cwd: root,
    detached: true,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  const logTail: string[] = [];
  const keepLog = (chunk: Buffer): void => {
    logTail.push(...chunk.toString().split('\n').filter(Boolean));
    logTail.splice(0, Math.max(0, logTail.length - LOG_TAIL_LINES));
  };
  child.stdout?.on('data', keepLog);
  child.stderr?.on('data', keepLog);

  // Safety nets: whatever happens to us, the server must not outlive the bench.
  const pgid = child.pid; // detached: the group id is the leader's pid
  const onExit = (): void => void signalGroup(pgid, 'SIGKILL');
  const onSignal = (signal: NodeJS.Signals): void => {
    signalGroup(pgid, 'SIGTERM');
    console.error(`\n[bench] ${signal} — stopped the server`);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('exit', onExit);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const stop = async (): Promise<void> => {
    process.off('exit', onExit);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await stopGroup(pgid);
  };

  // Not wait-on: this loop also gives up the moment the server exits, with its log, instead of at the timeout.
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`\`${command} ${args.join(' ')}\` exited before answering:\n${logTail.join('\n')}`);
    }
    if (await answers200(`${baseUrl}/`)) {
      return { baseUrl, owned: true, pgid, stop };
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error(`server did not answer GET / with 200 within ${START_TIMEOUT_MS / 1000} s:\n${logTail.join('\n')}`);
}

export async function getServer(root: string): Promise<BenchServer> {
  const external = process.env.BENCH_BASE_URL;
  if (external) {
    return { baseUrl: external.replace(/\/+$/, ''), owned: false, stop: async () => {} };
  }
  return startOwnServer(root);
}

/** The embedded backend the build points at (its URL is compiled in): nothing else may use it while a bench runs. */
export const BENCH_BACKEND_URL = `http://127.0.0.1:${process.env.LOCAL_SUPABASE_PORT ?? DEFAULT_PORT}`;

/** A service-role client of the bench's backend, to count and clean up what a bench stored. */
export function benchAdmin(): SupabaseClient {
  return createClient(BENCH_BACKEND_URL, SERVICE_ROLE_KEY, { auth: { persistSession: false, autoRefreshToken: false } });
}

/**
 * `npm start` as a deployment runs it, on a free port, with the embedded backend keeping its data in
 * `dataDir`: the first server started on a folder starts the backend, the next ones find it.
 */
export async function startSite(
  root: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<BenchServer & { baseUrl: string }> {
  await ensureBuild(root);
  const port = await getPort();
  const baseUrl = `http://127.0.0.1:${port}`;
  return startGroup(
    root,
    'npm',
    ['start'],
    { PORT: String(port), NODE_ENV: 'production', LOCAL_SUPABASE_DATA_DIR: dataDir, LOCAL_SUPABASE_SITE_URL: baseUrl, ...env },
    baseUrl,
  );
}
