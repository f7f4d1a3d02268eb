import { readFile } from 'node:fs/promises';

import type { PGlite, Transaction } from '@electric-sql/pglite';

import { planExtensions } from './extensions';
import { applyLocalSchema, readLocalSchemaSql } from './local-schema';
import { applyMigrations, loadMigrations } from './migrations';
import { startPglite } from './pglite';
import { ensureCluster, readPlatformSql } from './template';
import { applyStorageSchema } from '../storage/schema';

/** Anything that can run a parameterised query: the database itself or an open transaction. */
export type Queryable = Pick<Transaction, 'query'>;

export interface OpenedDatabase {
  db: PGlite;
  /** True when this start created the database: placed from the cached template (or built, in memory), then seeded. */
  created: boolean;
  appliedMigrations: string[];
}

export interface OpenDatabaseOptions {
  /** Folder for PGlite's files; undefined keeps the database in memory. */
  pgDataDir: string | undefined;
  migrationsDir: string;
  seedFile: string;
  log: (line: string) => void;
  /** Where the cached migrated clusters live (the default: node_modules/.cache/local-supabase); a test gives its own. */
  projectTemplateDir?: string;
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

const SEARCH_PATH = `set search_path to "$user", public, extensions`;

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
  const migrations = await loadMigrations(options.migrationsDir, options.log);
  const seed = await readOptional(options.seedFile);
  const extensions = planExtensions([...migrations.map((migration) => migration.sql), seed ?? '']);
  const localSchemaSql = await readLocalSchemaSql();
  const authUpgrades = await readFile(AUTH_UPGRADES_SQL, 'utf8');
  // What every start runs on an existing database, so data folders created before a change get it too.
  const prepare = async (db: PGlite): Promise<string[]> => {
    // Hosted Supabase gives its roles `"$user", public, extensions`, so migrations and seeds may
    // call extension functions unqualified. PGlite is one session, so this holds for all SQL
    // here; REST requests set their own search_path per transaction, as PostgREST does.
    await db.exec(SEARCH_PATH);
    await applyLocalSchema(db, localSchemaSql);
    await db.transaction(async (tx) => {
      await tx.exec(authUpgrades);
    });
    await applyStorageSchema(db);
    if (extensions.createSql !== '') await db.exec(extensions.createSql);
    return applyMigrations(db, migrations, options.log);
  };
  // On disk, a fresh cluster is copied from a cached template that has all of the above; in memory it is built here.
  const copied =
    options.pgDataDir !== undefined &&
    (await ensureCluster(
      options.pgDataDir,
      {
        inputs: [
          localSchemaSql,
          authUpgrades,
          extensions.createSql,
          ...migrations.map(({ version, name, sql }) => `${version}_${name}\n${sql}`),
        ],
        extensions: extensions.bundles,
        prepare,
      },
      options.projectTemplateDir,
    ));
  const created = copied || options.pgDataDir === undefined;
  const db = await startPglite(options.pgDataDir, extensions.bundles);
  try {
    let appliedMigrations: string[];
    if (copied) {
      await db.exec(SEARCH_PATH);
      appliedMigrations = migrations.map((migration) => migration.version);
      options.log(
        `Created the database from the cached template (${migrations.length} ${migrations.length === 1 ? 'migration' : 'migrations'})`,
      );
    } else {
      if (options.pgDataDir === undefined) {
        const platformSql = await readPlatformSql();
        await db.transaction(async (tx) => {
          await tx.exec(platformSql);
        });
      }
      appliedMigrations = await prepare(db);
    }
    if (created && seed !== undefined) {
      await db.transaction(async (tx) => {
        await tx.exec(seed);
      });
      options.log(`Seeded from ${options.seedFile}`);
    }
    return { db, created, appliedMigrations };
  } catch (error) {
    await db.close();
    throw error;
  }
}
