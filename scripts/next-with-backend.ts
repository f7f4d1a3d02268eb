import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import nextEnv from '@next/env';

import { foregroundChild } from './lib/foreground-child';
import { isCommand, LaunchError, planLaunch } from './lib/launch-plan';
import { nextBin } from './lib/next-bin';

/**
 * `npm run dev|build`: Next.js, with the embedded backend beside it when no Supabase project is
 * configured, so a fresh clone works with `npm install && npm run dev`.
 * `scripts/lib/launch-plan.ts` has the rules; this file only carries them out. `npm start` is the
 * compiled scripts/start.ts, which runs on production dependencies alone.
 *
 * IMPORTANT: nothing here may import `local-supabase/` statically: a build with a project
 * configured must not even load the demo backend's code.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  if (!isCommand(command) || command === 'start') {
    console.error('Usage: tsx scripts/next-with-backend.ts <dev|build> [next options] (npm start runs scripts/dist/start.js)');
    return 2;
  }
  // Next reads .env files itself; read them the same way to learn whether a project is configured.
  nextEnv.loadEnvConfig(ROOT, command === 'dev', { info: () => undefined, error: console.error });
  const plan = planLaunch(command, args, process.env);
  const env = { ...process.env };
  let stopBackend = async (): Promise<void> => undefined;
  if (plan.backend === 'local') {
    const { startLocalBackend } = await import('./lib/local-backend');
    const backend = await startLocalBackend(plan.mode);
    Object.assign(env, backend.env);
    stopBackend = () => backend.stop();
  }

  const child = spawn(process.execPath, [nextBin(), command, ...plan.nextArgs], { stdio: 'inherit', env, cwd: ROOT });
  const code = await foregroundChild(child, 'Next.js');
  await stopBackend();
  return code;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(error instanceof LaunchError ? 2 : 1);
  },
);
