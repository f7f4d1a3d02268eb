import { readFile } from 'node:fs/promises';

import { PGlite, type Transaction } from '@electric-sql/pglite';

import { planExtensions } from './extensions';
import { applyLocalSchema } from './local-schema';
import { applyMigrations, loadMigrations } from './migrations';
import { ensureCluster, readPlatformSql } from './template';
import { applyStorageSchema } from '../storage/schema';

/** Anything that can run a parameterised query: the database itself or an open transaction. */
export type Queryable = Pick<Transaction, 'query'>;

export interface OpenedDatabase {
  db: PGlite;
  /** True when this start created the database (platform schema, migrations and seed ran). */
  created: boolean;
  appliedMigrations: string[];
}

export interface OpenDatabaseOptions {
  /** Folder for PGlite's files; undefined keeps the database in memory. */
  pgDataDir: string | undefined;
  migrationsDir: string;
  seedFile: string;
  log: (line: string) => void;
}

const AUTH_UPGRADES_SQL = new URL('./auth-upgrades.sql', import.meta.url);

async function readOptional(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Opens PGlite and brings it to the state `supabase db reset` leaves a hosted database in:
 * platform schema, then pending migrations in order, then the seed (only on a fresh database).
 *
 * IMPORTANT: PGlite is a single connection. Its `transaction()` and `query()` share one mutex
 * (see `_runExclusiveTransaction` in @electric-sql/pglite), so a request's transaction never
 * interleaves with another request's statements; callers must not hold a transaction open
 * across unrelated awaits (bcrypt, network), or every other request waits on them.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenedDatabase> {
  // On disk, a fresh cluster is copied from the cached template; in memory it is built here.
  const created = options.pgDataDir === undefined ? true : await ensureCluster(options.pgDataDir);
  const migrations = await loadMigrations(options.migrationsDir, options.log);
  const seed = await readOptional(options.seedFile);
  const extensions = planExtensions([...migrations.map((migration) => migration.sql), seed ?? '']);
  const db = await PGlite.create({
    dataDir: options.pgDataDir,
    extensions: extensions.bundles,
    // Postgres' default 128 MB buffer cache is sized for servers; a development database of a
    // few megabytes runs the same with 16 MB, and the process stays well under 300 MB RSS.
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  });
  try {
    // Hosted Supabase gives its roles `"$user", public, extensions`, so migrations and seeds may
    // call extension functions unqualified. PGlite is one session, so this holds for all SQL
    // here; REST requests set their own search_path per transaction, as PostgREST does.
    await db.exec(`set search_path to "$user", public, extensions`);
    if (options.pgDataDir === undefined) {
      const platformSql = await readPlatformSql();
      await db.transaction(async (tx) => {
        await tx.exec(platformSql);
      });
    }
    await applyLocalSchema(db);
    const authUpgrades = await readFile(AUTH_UPGRADES_SQL, 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(authUpgrades);
    });
    await applyStorageSchema(db);
    if (extensions.createSql !== '') await db.exec(extensions.createSql);
    const appliedMigrations = await applyMigrations(db, migrations, options.log);
    if (created) {
      if (seed !== undefined) {
        await db.transaction(async (tx) => {
          await tx.exec(seed);
        });
        options.log(`Seeded from ${options.seedFile}`);
      }
    }
    return { db, created, appliedMigrations };
  } catch (error) {
    await db.close();
    throw error;
  }
}
