import { createHash } from 'node:crypto';
import { cp, mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';

import { REPO_ROOT } from '../config';
import { applyStorageSchema, readStorageSql } from '../storage/schema';

const PLATFORM_SQL = new URL('./platform.sql', import.meta.url);
const CACHE_DIR = path.join(REPO_ROOT, 'node_modules/.cache/local-supabase');

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Creating a cluster (initdb) is most of PGlite's cold start: several seconds, and far more
 * under load. A fresh database is therefore copied from a cached cluster that already has the
 * platform schema; the cache key covers everything that shapes it, so a change rebuilds it.
 */
async function templateDir(): Promise<string> {
  const platformSql = await readFile(PLATFORM_SQL, 'utf8');
  const pgliteVersion = (
    JSON.parse(await readFile(path.join(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }
  ).version;
  const key = createHash('sha256')
    .update(`${pgliteVersion}\n${platformSql}\n${await readStorageSql()}`)
    .digest('hex');
  const dir = path.join(CACHE_DIR, `template-${key.slice(0, 16)}`);
  if (await exists(path.join(dir, 'PG_VERSION'))) return dir;

  // Build beside the final place and rename, so concurrent starts never see half a template.
  const building = `${dir}.building-${process.pid}-${Date.now()}`;
  await mkdir(CACHE_DIR, { recursive: true });
  const db = await PGlite.create({ dataDir: building });
  try {
    await db.transaction(async (tx) => {
      await tx.exec(platformSql);
    });
    await applyStorageSchema(db);
  } finally {
    await db.close();
  }
  try {
    await rename(building, dir);
  } catch (error) {
    // Another process won the race; its template is identical.
    await rm(building, { recursive: true, force: true });
    if (!(await exists(path.join(dir, 'PG_VERSION')))) throw error;
  }
  return dir;
}

/** Places a cluster with the platform schema in `pgDataDir` unless one is there; true if it was placed. */
export async function ensureCluster(pgDataDir: string): Promise<boolean> {
  if (await exists(path.join(pgDataDir, 'PG_VERSION'))) return false;
  const template = await templateDir();
  await rm(pgDataDir, { recursive: true, force: true });
  await mkdir(path.dirname(pgDataDir), { recursive: true });
  await cp(template, pgDataDir, { recursive: true });
  return true;
}

export const readPlatformSql = (): Promise<string> => readFile(PLATFORM_SQL, 'utf8');
