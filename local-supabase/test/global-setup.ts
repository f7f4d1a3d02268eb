import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { openDatabase } from '../src/db/database';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
/** The backend's own test migrations (helpers.ts's TEST_MIGRATIONS, without loading the helpers). */
const TEST_MIGRATIONS = path.join(import.meta.dirname, 'migrations');

/**
 * Builds the cached database templates the test files start from (the project's migrations and
 * the backend's own test migrations) once, before any file runs: on a fresh clone the first files
 * would otherwise wait for them inside their own time limits.
 */
export default async function setup(): Promise<void> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'local-supabase-templates-'));
  try {
    for (const [name, migrationsDir] of [
      ['project', path.join(REPO_ROOT, 'supabase/migrations')],
      ['backend', TEST_MIGRATIONS],
    ] as const) {
      const { db } = await openDatabase({
        pgDataDir: path.join(scratch, name),
        migrationsDir,
        seedFile: path.join(REPO_ROOT, 'supabase/seed.sql'),
        log: () => undefined,
      });
      await db.close();
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
