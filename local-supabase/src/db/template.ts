import { createHash } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import type { Extension, PGlite } from '@electric-sql/pglite';

import { startPglite } from './pglite';
import { REPO_ROOT } from '../config';
import { applyStorageSchema, readStorageSql } from '../storage/schema';

const PLATFORM_SQL = new URL('./platform.sql', import.meta.url);
const TEMPLATE_CACHE_DIR = path.join(REPO_ROOT, 'node_modules/.cache/local-supabase');
/** A builder on another machine (a shared folder) that has held its lock this long has died. */
const STALE_LOCK_MS = 180_000;
/** Project templates unused this long are removed when another is built (each migration change makes one). */
const UNUSED_TEMPLATE_MS = 7 * 24 * 3600_000;

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

const hash = (parts: string[]): string => createHash('sha256').update(parts.join('\n\0\n')).digest('hex').slice(0, 16);

/** Whether a process with this id runs on this machine (signal 0 only asks). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Milliseconds since a folder last changed; 0 when it is gone (someone else removed it). */
const ageOf = (folder: string): Promise<number> =>
  stat(folder).then(
    (info) => Date.now() - info.mtimeMs,
    () => 0,
  );

/** Whether the lock was left by a builder that is gone: its process ended, or it is old. */
async function isAbandoned(lock: string): Promise<boolean> {
  const holder = Number(await readFile(path.join(lock, 'pid'), 'utf8').catch(() => ''));
  if (Number.isInteger(holder) && holder > 0 && !isRunning(holder)) return true;
  return (await ageOf(lock)) > STALE_LOCK_MS;
}

/**
 * Builds a cluster once per key: in a folder beside the final place, renamed when done, so no
 * start sees half a template. A lock folder keeps concurrent starts (test files side by side)
 * from all building the same template; they wait for it instead. A lock whose builder was
 * stopped (Ctrl-C during a first start) is taken over at once.
 */
export async function buildOnce(dir: string, build: (building: string) => Promise<void>): Promise<void> {
  const lock = `${dir}.lock`;
  await mkdir(path.dirname(dir), { recursive: true });
  for (;;) {
    if (await exists(path.join(dir, 'PG_VERSION'))) return;
    try {
      await mkdir(lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (await isAbandoned(lock)) await rm(lock, { recursive: true, force: true });
      else await sleep(100);
      continue;
    }
    await writeFile(path.join(lock, 'pid'), String(process.pid));
    const building = `${dir}.building-${process.pid}-${Date.now()}`;
    try {
      await build(building);
      try {
        await rename(building, dir);
      } catch (error) {
        // Two starts that both took over an abandoned lock: the first one's template is identical.
        if (!(await exists(path.join(dir, 'PG_VERSION')))) throw error;
      }
      return;
    } finally {
      await rm(building, { recursive: true, force: true });
      await rm(lock, { recursive: true, force: true });
    }
  }
}

/**
 * Creating a cluster (initdb) is most of PGlite's cold start: several seconds, and far more
 * under load. A fresh database therefore starts from a cached cluster that already has the
 * platform schema; the cache key covers everything that shapes it, so a change rebuilds it.
 */
async function platformTemplate(): Promise<{ dir: string; key: string }> {
  const platformSql = await readFile(PLATFORM_SQL, 'utf8');
  const pgliteVersion = (
    JSON.parse(await readFile(path.join(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }
  ).version;
  const key = hash([pgliteVersion, platformSql, await readStorageSql()]);
  const dir = path.join(TEMPLATE_CACHE_DIR, `template-${key}`);
  await buildOnce(dir, async (building) => {
    const db = await startPglite(building);
    try {
      await db.transaction(async (tx) => {
        await tx.exec(platformSql);
      });
      await applyStorageSchema(db);
    } finally {
      await db.close();
    }
  });
  return { dir, key };
}

/** Removes project templates nobody has started from for a week, and builders' leftovers. */
async function pruneProjectTemplates(cacheDir: string, keep: string): Promise<void> {
  for (const entry of await readdir(cacheDir)) {
    if (!entry.startsWith('project-') || entry === keep || entry.endsWith('.lock')) continue;
    const folder = path.join(cacheDir, entry);
    if ((await ageOf(folder)) > UNUSED_TEMPLATE_MS) await rm(folder, { recursive: true, force: true });
  }
}

export interface ProjectSchema {
  /** Every text that shapes the schema `prepare` leaves (SQL files, migrations); the cache key. */
  inputs: string[];
  extensions: Record<string, Extension>;
  /** Brings a cluster with the platform schema to the project's schema, seed excluded. */
  prepare: (db: PGlite) => Promise<unknown>;
}

/**
 * Places a cluster with the project's schema (platform, backend, migrations; no seed) in
 * `pgDataDir` unless one is there; true if it was placed. The migrated cluster is cached too:
 * the test files each start a fresh database, and replaying every migration for each was most
 * of their start. The seed is not in it, so seeded rows carry the time of this start.
 */
export async function ensureCluster(pgDataDir: string, schema: ProjectSchema, projectCacheDir = TEMPLATE_CACHE_DIR): Promise<boolean> {
  if (await exists(path.join(pgDataDir, 'PG_VERSION'))) return false;
  const platform = await platformTemplate();
  const name = `project-${hash([platform.key, ...Object.keys(schema.extensions).sort(), ...schema.inputs])}`;
  const dir = path.join(projectCacheDir, name);
  await buildOnce(dir, async (building) => {
    await cp(platform.dir, building, { recursive: true });
    const db = await startPglite(building, schema.extensions);
    try {
      await schema.prepare(db);
    } finally {
      await db.close();
    }
    await pruneProjectTemplates(projectCacheDir, name);
  });
  const now = new Date();
  await utimes(dir, now, now);
  await rm(pgDataDir, { recursive: true, force: true });
  await mkdir(path.dirname(pgDataDir), { recursive: true });
  await cp(dir, pgDataDir, { recursive: true });
  return true;
}

export const readPlatformSql = (): Promise<string> => readFile(PLATFORM_SQL, 'utf8');
