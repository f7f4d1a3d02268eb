import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';

import { serverEnv } from '../config/e2e-servers';

/**
 * `npm test`: types, lint, formatting, unit tests, the end-to-end tests and the static-secrets check.
 *
 * The production build starts at once, beside lint (then formatting) and the unit tests, and the
 * end-to-end tests start when both the build and the unit tests have passed. Not sooner: beside the
 * unit tests, the browsers and servers took the cores from tests with time limits, which cost more
 * in flaky failures than it saved in minutes (docs/performance/2026-12-02-ci-on-two-cores.md). The
 * type check follows the build: it reads the route types the build generated under .next/types
 * (and regenerates the same files, which the servers never read), and the build itself skips
 * Next's own type check for it (NEXT_TYPES_CHECKED in config/e2e-servers.ts). A failure is
 * reported with its own output and fails the whole command; the end-to-end tests do not start
 * after a failed build or unit run.
 *
 * By hand rather than concurrently or npm-run-all2: each step of a chain inside the parallel group
 * (build then end-to-end tests, lint then format) keeps its own name, environment and time, where
 * those would run a chain as one shell command.
 */

interface Task {
  name: string;
  script: string;
  env?: Record<string, string>;
  /**
   * Runs at a lower CPU priority: for the checks that have no time limits (lint, formatting,
   * types), so on a small machine the build and the end-to-end tests, whose servers and browsers
   * do have them and are the longest path, get the cores first. The unit tests have limits too,
   * and keep the normal priority.
   */
  background?: boolean;
}

/** A nice value: low enough to yield to the rest, not so low that the step starves. */
const BACKGROUND_PRIORITY = 10;

interface Result {
  name: string;
  ok: boolean;
  seconds: number;
}

const results: Result[] = [];

function run({ name, script, env, background = false }: Task): Promise<boolean> {
  const started = Date.now();
  const prefix = `[${name}] `;
  const child = spawn('npm', ['run', '--silent', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  // Set before npm has started anything: the processes it starts inherit the priority.
  if (background && child.pid !== undefined) setPriority(child.pid, BACKGROUND_PRIORITY);
  // Lines from tasks running side by side interleave; each carries its task's name.
  const relay = (target: NodeJS.WriteStream) => {
    let rest = '';
    return (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) target.write(`${prefix}${line}\n`);
    };
  };
  child.stdout.on('data', relay(process.stdout));
  child.stderr.on('data', relay(process.stderr));
  return new Promise((resolve) => {
    child.once('close', (code) => {
      const ok = code === 0;
      const seconds = Math.round((Date.now() - started) / 1000);
      results.push({ name, ok, seconds });
      console.log(`${prefix}${ok ? 'passed' : `FAILED (exit ${code})`} in ${seconds}s`);
      resolve(ok);
    });
    child.once('error', (error) => {
      console.error(`${prefix}could not start: ${error.message}`);
      resolve(false);
    });
  });
}

async function main(): Promise<boolean> {
  const checks = run({ name: 'lint', script: 'lint', background: true }).then(
    async (linted) => (await run({ name: 'format', script: 'format:check', background: true })) && linted,
  );
  // With Next's standalone server too, which `npm run test:production` runs after this (CI). Only
  // the build reads BUILD_STANDALONE: the servers the end-to-end tests start from it load the
  // configuration afresh, without it, so `npm start` does not warn that it is the wrong way to run the build.
  const build = run({ name: 'e2e build', script: 'build', env: { ...serverEnv, BUILD_STANDALONE: '1' } });
  // After the build, which writes the route types it reads.
  const typed = build.then(() => run({ name: 'typecheck', script: 'typecheck', background: true }));
  const [built, unitPassed] = await Promise.all([build, run({ name: 'unit', script: 'test:unit' })]);
  // E2E_BUILT: Playwright starts the build made above instead of building again.
  const endToEnd = built && unitPassed ? await run({ name: 'e2e', script: 'test:e2e', env: { E2E_BUILT: '1' } }) : false;
  const passed = [built, unitPassed, await checks, await typed, endToEnd];
  if (passed.includes(false)) return false;
  return run({ name: 'secrets', script: 'test:secrets' });
}

main().then((ok) => {
  console.log(results.map(({ name, ok: passed, seconds }) => `${passed ? 'ok  ' : 'FAIL'} ${name} ${seconds}s`).join('\n'));
  process.exit(ok ? 0 : 1);
});
