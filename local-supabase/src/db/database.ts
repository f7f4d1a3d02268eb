import { readFile } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { applyMigrations } from './migrations';

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
  const db = await PGlite.create({
    dataDir: options.pgDataDir,
    extensions: { pgcrypto, uuid_ossp },
  });
  try {
    const existing = await db.query<{ present: boolean }>(
      `select to_regclass('supabase_migrations.schema_migrations') is not null as present`,
    );
    const created = existing.rows[0]?.present !== true;
    if (created) {
      const platformSql = await readFile(new URL('./platform.sql', import.meta.url), 'utf8');
      await db.transaction(async (tx) => {
        await tx.exec(platformSql);
      });
    }
    const appliedMigrations = await applyMigrations(db, options.migrationsDir, options.log);
    if (created) {
      const seed = await readOptional(options.seedFile);
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
