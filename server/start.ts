import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import nextEnv from '@next/env';

import { allocatorEnvironment } from './lib/allocator';
import { foregroundChild } from '../scripts/lib/foreground-child';
import { LaunchError, planLaunch } from '../scripts/lib/launch-plan';

/**
 * `npm start`, compiled by `npm run build` to server/dist/start.js and run by plain `node`.
 *
 * With a Supabase project configured it is the production server itself: server/serve.ts runs in
 * this process, on production dependencies alone. Without one it is the local preview: the
 * embedded backend (development code under local-supabase/, TypeScript, loaded through tsx's
 * loader, both present only in a full install) runs here and the server in a child beside it,
 * bound to 127.0.0.1 (scripts/lib/launch-plan.ts has the rules).
 *
 * IMPORTANT: nothing here may import local-supabase/ or tsx statically: `npm prune --omit=dev`
 * removes them, and the production path must not even load them.
 */
// Before anything else: the allocator reads its settings only at process start (lib/allocator.ts).
const restartWith = allocatorEnvironment(process.env, process.platform);
// process.execve is missing on Windows, whose allocator does not read the setting anyway.
if (restartWith !== null && process.execve)
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], restartWith);

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');

async function preview(args: string[]): Promise<number> {
  // Development-only code: tsx's loader, then the backend's TypeScript by a path the build leaves alone.
  const { register } = await import('tsx/esm/api');
  register();
  const localBackend = pathToFileURL(path.join(ROOT, 'scripts', 'lib', 'local-backend.ts')).href;
  const { startLocalBackend } = (await import(localBackend)) as typeof import('../scripts/lib/local-backend');
  const backend = await startLocalBackend('preview');

  // With this process's Node options (the heap settings `npm start` gives: package.json).
  const child = spawn(process.execPath, [...process.execArgv, path.join(HERE, 'serve.js'), ...args], {
    stdio: 'inherit',
    env: { ...process.env, ...backend.env },
    cwd: ROOT,
  });
  const code = await foregroundChild(child, 'the server');
  await backend.stop();
  return code;
}

try {
  // Next reads .env files itself; read them the same way to learn whether a project is configured.
  nextEnv.loadEnvConfig(ROOT, false, { info: () => undefined, error: console.error });
  const plan = planLaunch('start', process.argv.slice(2), process.env);
  if (plan.backend === 'project') {
    // The arguments are the server's own (-p, -H), read from process.argv by serve.ts.
    await import('./serve');
  } else {
    process.exit(await preview(plan.nextArgs));
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(error instanceof LaunchError ? 2 : 1);
}
