import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import nextEnv from '@next/env';

import { foregroundChild } from './lib/foreground-child';
import { LaunchError, planLaunch } from './lib/launch-plan';
import { nextBin } from './lib/next-bin';

/**
 * `npm start`, compiled by `npm run build` to scripts/dist/start.js and run by plain `node`: Next's
 * own production server, `next start`, with the arguments given.
 *
 * With a Supabase project configured, that is all. Without one it is the local preview: the
 * embedded backend (development code under local-supabase/, TypeScript, loaded through tsx's
 * loader, both present only in a full install) runs in this process and `next start` beside it,
 * bound to 127.0.0.1 (lib/launch-plan.ts has the rules). The preview counts Next itself as the one
 * proxy in front of the site: Next writes the connection's address into X-Forwarded-For when a
 * request brings none, so the rate limits key on each local client (only local ones can reach it).
 *
 * IMPORTANT: nothing here may import local-supabase/ or tsx statically: `npm prune --omit=dev`
 * removes them, and the production path must not even load them.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

async function localBackendEnv(): Promise<{ env: Record<string, string>; stop: () => Promise<void> }> {
  // Development-only code: tsx's loader, then the backend's TypeScript by a path the build leaves alone.
  const { register } = await import('tsx/esm/api');
  register();
  const backendModule = pathToFileURL(path.join(ROOT, 'scripts', 'lib', 'local-backend.ts')).href;
  const { startLocalBackend } = (await import(backendModule)) as typeof import('./lib/local-backend');
  const backend = await startLocalBackend('preview');
  return { env: { TRUSTED_PROXY_COUNT: process.env.TRUSTED_PROXY_COUNT ?? '1', ...backend.env }, stop: () => backend.stop() };
}

try {
  // Next reads .env files itself; read them the same way to learn whether a project is configured.
  nextEnv.loadEnvConfig(ROOT, false, { info: () => undefined, error: console.error });
  const plan = planLaunch('start', process.argv.slice(2), process.env);
  const backend = plan.backend === 'local' ? await localBackendEnv() : null;
  const child = spawn(process.execPath, [...process.execArgv, nextBin(), 'start', ...plan.nextArgs], {
    stdio: 'inherit',
    env: { ...process.env, ...backend?.env },
    cwd: ROOT,
  });
  const code = await foregroundChild(child, 'Next.js');
  await backend?.stop();
  process.exit(code);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(error instanceof LaunchError ? 2 : 1);
}
