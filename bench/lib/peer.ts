/**
 * The seed-style peer: a rendition of the spec's own design (Pages Router, Chakra UI, next-i18next,
 * supabase-js in _app) with the same home page, kept read-only in ../shared/peer. The bench copies
 * it into the temp folder (BENCH_PEER_BUILD_DIR), installs and builds it there once, and starts it
 * on BENCH_PEER_PORT (default 3900) to measure it side by side with this site. Not inside this
 * project: Next would take this project's lock file for the peer's workspace root.
 */
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { runCommand } from './run-command';
import { startGroup, type BenchServer } from './server';

const NO_TELEMETRY = { NEXT_TELEMETRY_DISABLED: '1' };

/** The peer's pages, by our path: the peer has no legal pages, posts or vacancy pages of its own. */
export const PEER_PAGES = ['/', '/about-us', '/vacancies', '/blog', '/contact-us'] as const;

/** Fingerprint of the peer's sources (names, sizes, times), to rebuild only when they change. */
function fingerprint(dir: string): string {
  const hash = createHash('sha256');
  const walk = (current: string): void => {
    for (const name of readdirSync(current).sort()) {
      if (name === 'node_modules' || name === '.next' || name === 'lh-results') continue;
      const full = path.join(current, name);
      const stat = statSync(full);
      if (stat.isDirectory()) walk(full);
      else hash.update(`${path.relative(dir, full)}:${stat.size}:${stat.mtimeMs}\n`);
    }
  };
  walk(dir);
  return hash.digest('hex');
}

/** Copies, installs and builds the peer when needed; returns its directory. */
export async function preparePeer(root: string): Promise<string> {
  const source = path.resolve(process.env.BENCH_PEER_DIR ?? path.join(root, '..', 'shared', 'peer'));
  if (!existsSync(path.join(source, 'package.json'))) throw new Error(`no seed-style peer at ${source} (set BENCH_PEER_DIR)`);
  const target = path.resolve(process.env.BENCH_PEER_BUILD_DIR ?? path.join(os.tmpdir(), 'bitwerf-bench-peer'));
  const stampFile = path.join(target, '.bench-source');
  const stamp = `${source}\n${fingerprint(source)}`;
  if (!existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== stamp) {
    console.error(`[bench] copying the peer from ${source}`);
    // Keep installed dependencies (npm install below brings them up to date); drop everything else.
    if (existsSync(target)) {
      for (const name of readdirSync(target))
        if (name !== 'node_modules') rmSync(path.join(target, name), { recursive: true, force: true });
    }
    cpSync(source, target, { recursive: true, filter: (src) => !/[\\/](node_modules|\.next|lh-results)$/.test(src) });
    // The source may be read-only; the copy gets its build output and dependencies.
    const makeWritable = (dir: string): void => {
      chmodSync(dir, 0o755);
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.name === 'node_modules') continue;
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) makeWritable(full);
        else chmodSync(full, 0o644);
      }
    };
    makeWritable(target);
    // `npm install`, not `npm ci`: its lock file lacks other platforms' optional builds (see .ci/run).
    await runCommand(target, 'npm', ['install', '--no-audit', '--no-fund'], NO_TELEMETRY);
    writeFileSync(stampFile, stamp);
  }
  if (!existsSync(path.join(target, '.next', 'BUILD_ID'))) await runCommand(target, 'npm', ['run', 'build'], NO_TELEMETRY);
  return target;
}

export async function startPeer(root: string): Promise<BenchServer> {
  const dir = await preparePeer(root);
  const port = Number(process.env.BENCH_PEER_PORT ?? 3900);
  const baseUrl = `http://127.0.0.1:${port}`;
  return startGroup(
    dir,
    process.execPath,
    [path.join(dir, 'node_modules', 'next', 'dist', 'bin', 'next'), 'start', '-p', String(port), '-H', '127.0.0.1'],
    { ...NO_TELEMETRY, NODE_ENV: 'production' },
    baseUrl,
  );
}
