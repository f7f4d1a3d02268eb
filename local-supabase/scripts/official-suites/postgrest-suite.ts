import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { Suite } from './suite';

/**
 * postgrest-js's test files. Their fixtures (`test/supabase/`) become the backend's migrations,
 * with the one table that needs PostGIS (`shops`) given a text column, as PGlite has no PostGIS.
 */
export const postgrestSuite: Suite = {
  name: 'postgrest-js',
  files: ['advanced_rpc.test.ts', 'basic.test.ts', 'filters.test.ts', 'rpc.test.ts', 'transforms.test.ts'],
  async prepare(testDir, work) {
    const migrationsDir = path.join(work, 'migrations');
    await mkdir(migrationsDir);
    const schema = await readFile(path.join(testDir, 'supabase/migrations/00000000000000_schema.sql'), 'utf8');
    await writeFile(
      path.join(migrationsDir, '00000000000000_schema.sql'),
      schema.replace(/^create extension if not exists postgis.*$/im, '').replace('extensions.geometry(POINT, 4326)', 'text'),
    );
    const seedFile = path.join(work, 'seed.sql');
    await copyFile(path.join(testDir, 'supabase/seed.sql'), seedFile);
    return { migrationsDir, seedFile };
  },
  alias: [
    { find: /^\.\.\/src\/index$/, replacement: path.join(import.meta.dirname, 'postgrest-client.ts') },
    // rpc.test.ts validates with zod, which the checkout's own node_modules would provide.
    { find: /^zod$/, replacement: import.meta.resolve('zod').replace('file://', '') },
  ],
};
