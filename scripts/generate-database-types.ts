import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { generateDatabaseTypes } from './lib/database-types';

/**
 * `npm run types:db`: writes src/lib/supabase/database.types.ts from supabase/migrations/, built
 * in memory by the embedded backend (no running backend, no Docker). Run it after adding a
 * migration; scripts/lib/database-types.test.ts fails while the file is out of date.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const DATABASE_TYPES_FILE = path.join(root, 'src/lib/supabase/database.types.ts');
export const MIGRATIONS_DIR = path.join(root, 'supabase/migrations');
export const SEED_FILE = path.join(root, 'supabase/seed.sql');

export function generateProjectDatabaseTypes(): Promise<string> {
  return generateDatabaseTypes({ migrationsDir: MIGRATIONS_DIR, seedFile: SEED_FILE });
}

const invokedDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  generateProjectDatabaseTypes()
    .then(async (types) => {
      await writeFile(DATABASE_TYPES_FILE, types);
      console.log(`Wrote ${path.relative(root, DATABASE_TYPES_FILE)}`);
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exitCode = 1;
    });
}
