/**
 * A baseline build of an earlier commit (`npm run bench -- --baseline <commit>`), measured beside
 * this checkout in the same run, so that a regression shows as a ratio. The commit's tree is
 * exported (git archive, no worktree to clean up) into the temp folder, gets this checkout's
 * node_modules as hard links when its lock file is the same (`npm ci` otherwise), is built once per
 * commit, and is started with its own `npm start` on a free port.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import getPort from 'get-port';

import { runCommand } from './run-command';
import { startGroup, type BenchServer } from './server';

function git(root: string, args: string[]): string {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

export async function prepareBaseline(root: string, commit: string): Promise<{ dir: string; sha: string }> {
  const sha = git(root, ['rev-parse', '--verify', `${commit}^{commit}`]);
  const dir = path.join(process.env.BENCH_BASELINE_DIR ?? os.tmpdir(), `bitwerf-bench-baseline-${sha.slice(0, 12)}`);
  if (!existsSync(path.join(dir, 'package.json'))) {
    console.error(`[bench] exporting baseline ${sha.slice(0, 12)} to ${dir}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const archive = spawnSync('git', ['archive', sha], { cwd: root, maxBuffer: 1 << 30 });
    if (archive.status !== 0) throw new Error(`git archive ${sha}: ${archive.stderr.toString()}`);
    const unpacked = spawnSync('tar', ['-x', '-C', dir], { input: archive.stdout });
    if (unpacked.status !== 0) throw new Error(`tar: ${unpacked.stderr.toString()}`);
  }
  if (!existsSync(path.join(dir, 'node_modules'))) {
    const sameLock =
      readFileSync(path.join(dir, 'package-lock.json'), 'utf8') === readFileSync(path.join(root, 'package-lock.json'), 'utf8');
    if (sameLock) await runCommand(dir, 'cp', ['-al', path.join(root, 'node_modules'), path.join(dir, 'node_modules')]);
    else await runCommand(dir, 'npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund']);
  }
  if (!existsSync(path.join(dir, '.next', 'BUILD_ID'))) await runCommand(dir, 'npm', ['run', 'build']);
  return { dir, sha };
}

export async function startBaseline(root: string, commit: string): Promise<BenchServer & { sha: string; dir: string }> {
  const { dir, sha } = await prepareBaseline(root, commit);
  const port = await getPort();
  const server = await startGroup(dir, 'npm', ['start'], { PORT: String(port), NODE_ENV: 'production' }, `http://127.0.0.1:${port}`);
  return { ...server, sha, dir };
}
