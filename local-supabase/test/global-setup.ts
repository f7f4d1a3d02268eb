import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { resolveConfig } from '../src/config';
import { openDatabase } from '../src/db/database';

/** The backend's own test migrations (helpers.ts's TEST_MIGRATIONS, without loading the helpers). */
const TEST_MIGRATIONS = path.join(import.meta.dirname, 'migrations');

/**
 * Builds the cached database templates the test files start from (the project's migrations and
 * the backend's own test migrations) once, before any file runs: on a fresh clone the first files
 * would otherwise wait for them inside their own time limits.
 */
export default async function setup(): Promise<void> {
  // The project's migrations and seed, where a test backend takes them by default.
  const { migrationsDir: projectMigrations, seedFile } = resolveConfig({});
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'local-supabase-templates-'));
  try {
    for (const [name, migrationsDir] of [
      ['project', projectMigrations],
      ['backend', TEST_MIGRATIONS],
    ] as const) {
      const { db } = await openDatabase({
        pgDataDir: path.join(scratch, name),
        migrationsDir,
        seedFile,
        log: () => undefined,
      });
      await db.close();
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
