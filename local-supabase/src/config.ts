import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PORT } from './keys';

/** The repository root, so defaults do not depend on the directory the process starts in. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface LocalSupabaseOptions {
  /** 0 picks a free port. */
  port?: number;
  /** Folder for the database, signing key and inbox; undefined keeps everything in memory. */
  dataDir?: string;
  jwtExpSeconds?: number;
  migrationsDir?: string;
  seedFile?: string;
  siteUrl?: string;
  quiet?: boolean;
}

export interface ResolvedConfig {
  port: number;
  dataDir: string | undefined;
  jwtExpSeconds: number;
  migrationsDir: string;
  seedFile: string;
  siteUrl: string;
  /** Extra redirect targets, like GoTrue's GOTRUE_URI_ALLOW_LIST. */
  redirectAllowList: string[];
  /** Token-endpoint requests per 5 minutes per IP, like GOTRUE_RATE_LIMIT_TOKEN_REFRESH. */
  tokenRateLimitPer5Min: number;
  quiet: boolean;
}

function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

/** Explicit options win over the environment, which wins over the defaults in the README. */
export function resolveConfig(options: LocalSupabaseOptions, env: NodeJS.ProcessEnv = process.env): ResolvedConfig {
  return {
    port: options.port ?? positiveInt('LOCAL_SUPABASE_PORT', env.LOCAL_SUPABASE_PORT, DEFAULT_PORT),
    dataDir: options.dataDir,
    jwtExpSeconds: options.jwtExpSeconds ?? positiveInt('LOCAL_SUPABASE_JWT_EXP', env.LOCAL_SUPABASE_JWT_EXP, 3600),
    migrationsDir: options.migrationsDir ?? path.join(REPO_ROOT, 'supabase/migrations'),
    seedFile: options.seedFile ?? path.join(REPO_ROOT, 'supabase/seed.sql'),
    siteUrl: (options.siteUrl ?? env.LOCAL_SUPABASE_SITE_URL ?? 'http://localhost:3000').replace(/\/+$/, ''),
    redirectAllowList: (env.LOCAL_SUPABASE_REDIRECT_URLS ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ''),
    tokenRateLimitPer5Min: positiveInt(
      'LOCAL_SUPABASE_RATE_LIMIT_TOKEN_REFRESH',
      env.LOCAL_SUPABASE_RATE_LIMIT_TOKEN_REFRESH,
      150,
    ),
    quiet: options.quiet ?? false,
  };
}

/** The data folder `npm run backend` uses. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.LOCAL_SUPABASE_DATA_DIR ?? path.join(REPO_ROOT, '.local-supabase'));
}
