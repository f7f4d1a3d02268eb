import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import type { PGlite } from '@electric-sql/pglite';

/** The Supabase CLI's rule: `<digits>_<name>.sql`; anything else in the folder is skipped. */
const MIGRATION_FILE = /^(\d+)_(.*)\.sql$/;

export interface MigrationFile {
  version: string;
  name: string;
  file: string;
  sql: string;
}

/** Reads the migration files in version order, as the CLI orders them. */
export async function loadMigrations(dir: string, log: (line: string) => void): Promise<MigrationFile[]> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (error) {
    // A project without migrations yet is normal; the CLI treats a missing folder the same way.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const migrations: MigrationFile[] = [];
  for (const entry of entries.sort()) {
    const match = MIGRATION_FILE.exec(entry);
    if (match?.[1] === undefined || match[2] === undefined) {
      if (entry.endsWith('.sql')) log(`Skipping migration file with invalid name: ${entry}`);
      continue;
    }
    const file = path.join(dir, entry);
    migrations.push({ version: match[1], name: match[2], file, sql: await readFile(file, 'utf8') });
  }
  return migrations.sort((a, b) => a.version.localeCompare(b.version, 'en', { numeric: true }));
}

/**
 * Applies every migration not yet in `supabase_migrations.schema_migrations`, each in its own
 * transaction together with its history row, so a failing file leaves neither half behind.
 * The whole file is recorded as one statement: PGlite runs multi-statement text natively, so
 * splitting (as the CLI does for the wire protocol) would add a parser for no behavioural gain.
 */
export async function applyMigrations(db: PGlite, migrations: MigrationFile[], log: (line: string) => void): Promise<string[]> {
  const applied = await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations');
  const done = new Set(applied.rows.map((row) => row.version));
  const newlyApplied: string[] = [];
  for (const migration of migrations) {
    if (done.has(migration.version)) continue;
    const { sql } = migration;
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query('insert into supabase_migrations.schema_migrations (version, statements, name) values ($1, $2, $3)', [
          migration.version,
          [sql],
          migration.name,
        ]);
      });
    } catch (error) {
      throw new Error(`Migration ${path.basename(migration.file)} failed: ${(error as Error).message}`, { cause: error });
    }
    log(`Applied migration ${path.basename(migration.file)}`);
    newlyApplied.push(migration.version);
  }
  return newlyApplied;
}
