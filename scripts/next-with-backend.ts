import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import nextEnv from '@next/env';
import { banner } from '../local-supabase/src/banner';
import { defaultDataDir } from '../local-supabase/src/config';
import { ANON_KEY, DEFAULT_PORT, SERVICE_ROLE_KEY } from '../local-supabase/src/keys';
import { isLocalBackendRunning } from '../local-supabase/src/probe';
import { startLocalSupabase, type LocalSupabase } from '../local-supabase/src/server';

/**
 * `npm run dev|build|start`: Next.js, with the local backend beside it when no Supabase project
 * is configured, so a fresh clone works with `npm install && npm run dev`.
 */
const COMMANDS = new Set(['dev', 'build', 'start']);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function nextBin(): string {
  return createRequire(import.meta.url).resolve('next/dist/bin/next');
}

async function ensureBackend(): Promise<{ url: string; backend: LocalSupabase | undefined }> {
  const port = Number(process.env.LOCAL_SUPABASE_PORT ?? DEFAULT_PORT);
  const url = `http://127.0.0.1:${port}`;
  if (await isLocalBackendRunning(url)) {
    console.log(`Using the local Supabase backend already running at ${url}`);
    return { url, backend: undefined };
  }
  const dataDir = defaultDataDir();
  const startedAt = performance.now();
  const backend = await startLocalSupabase({ dataDir, port });
  console.log(banner(backend, { dataDir, readyMs: performance.now() - startedAt }));
  return { url: backend.url, backend };
}

async function main(): Promise<number> {
  const [command, ...nextArgs] = process.argv.slice(2);
  if (command === undefined || !COMMANDS.has(command)) {
    console.error('Usage: tsx scripts/next-with-backend.ts <dev|build|start> [next options]');
    return 2;
  }
  // Next reads .env files itself; read them the same way to learn whether a project is configured.
  nextEnv.loadEnvConfig(ROOT, command === 'dev', { info: () => undefined, error: console.error });
  const env = { ...process.env };
  let backend: LocalSupabase | undefined;
  if (env.NEXT_PUBLIC_SUPABASE_URL === undefined || env.NEXT_PUBLIC_SUPABASE_URL === '') {
    env.NEXT_PUBLIC_SUPABASE_ANON_KEY = ANON_KEY;
    env.SUPABASE_SERVICE_ROLE_KEY = SERVICE_ROLE_KEY;
    if (command === 'build') {
      env.NEXT_PUBLIC_SUPABASE_URL = `http://127.0.0.1:${process.env.LOCAL_SUPABASE_PORT ?? DEFAULT_PORT}`;
    } else {
      const running = await ensureBackend();
      env.NEXT_PUBLIC_SUPABASE_URL = running.url;
      backend = running.backend;
    }
  }

  const child = spawn(process.execPath, [nextBin(), command, ...nextArgs], { stdio: 'inherit', env, cwd: ROOT });
  const forward = (signal: NodeJS.Signals) => () => {
    child.kill(signal);
  };
  process.on('SIGINT', forward('SIGINT'));
  process.on('SIGTERM', forward('SIGTERM'));
  const code = await new Promise<number>((resolve) => {
    child.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal === null ? 1 : 128 + (signal === 'SIGINT' ? 2 : 15))));
    child.once('error', (error) => {
      console.error(`Could not start Next.js: ${error.message}`);
      resolve(1);
    });
  });
  await backend?.stop();
  return code;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
