/**
 * Runs the official postgrest-js test files against the embedded backend and prints their pass
 * counts (`npm run backend:suites`; see CONTRACT.md, "The clients' own suites").
 *
 * The tests are read at run time from a checkout of supabase/supabase-js named by
 * SUPABASE_JS_DIR; none of their code is kept in this repository. Their fixtures (the schema and
 * seed of `packages/core/postgrest-js/test/supabase/`) are loaded as the backend's migrations,
 * with the one table that needs PostGIS (`shops`) given a text column, as PGlite has no PostGIS.
 */
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { BaseSequencer, startVitest, type TestSpecification } from 'vitest/node';

import { startLocalSupabase } from '../src/server';

const FILES = ['advanced_rpc.test.ts', 'basic.test.ts', 'filters.test.ts', 'rpc.test.ts', 'transforms.test.ts'];

/**
 * The suites share one database and some tests write to it, and their snapshots list rows in
 * the heap order those writes leave, so the files run one after another in their own
 * sequencer's order (alphabetical, `test/testSequencer.js`), as `jest --runInBand` runs them.
 */
class Alphabetical extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
  }
}

async function main(): Promise<void> {
  const repo = process.env.SUPABASE_JS_DIR;
  if (repo === undefined || repo === '') throw new Error('Set SUPABASE_JS_DIR to a checkout of github.com/supabase/supabase-js');
  const testDir = path.join(repo, 'packages/core/postgrest-js/test');
  const work = await mkdtemp(path.join(os.tmpdir(), 'official-suites-'));
  try {
    const migrations = path.join(work, 'migrations');
    await mkdir(migrations);
    const schema = await readFile(path.join(testDir, 'supabase/migrations/00000000000000_schema.sql'), 'utf8');
    await writeFile(
      path.join(migrations, '00000000000000_schema.sql'),
      schema.replace(/^create extension if not exists postgis.*$/im, '').replace('extensions.geometry(POINT, 4326)', 'text'),
    );
    const seed = path.join(work, 'seed.sql');
    await copyFile(path.join(testDir, 'supabase/seed.sql'), seed);
    const backend = await startLocalSupabase({ port: 0, quiet: true, migrationsDir: migrations, seedFile: seed, dataDir: work });
    process.env.OFFICIAL_SUITES_URL = backend.url;
    process.env.OFFICIAL_SUITES_ANON_KEY = backend.anonKey;
    // Never rewrite the checkout's inline snapshots: a mismatch is a failure.
    process.env.CI = 'true';
    try {
      const vitest = await startVitest(
        'test',
        FILES.map((file) => path.join(testDir, file)),
        {
          root: testDir,
          config: false,
          globals: true,
          watch: false,
          fileParallelism: false,
          sequence: { sequencer: Alphabetical },
          update: false,
          reporters: ['dot'],
          setupFiles: [path.join(import.meta.dirname, 'official-suites/jest-globals.ts')],
          alias: [
            { find: /^\.\.\/src\/index$/, replacement: path.join(import.meta.dirname, 'official-suites/postgrest-client.ts') },
            // rpc.test.ts validates with zod, which the checkout's own node_modules would provide.
            { find: /^zod$/, replacement: import.meta.resolve('zod').replace('file://', '') },
          ],
        },
      );
      const lines = ['| File | Passed | Failed |', '|---|---|---|'];
      for (const testModule of vitest.state.getTestModules()) {
        const tests = [...testModule.children.allTests()];
        const passed = tests.filter((test) => test.result().state === 'passed').length;
        const failed = tests.filter((test) => test.result().state === 'failed').length;
        lines.push(`| postgrest-js \`${path.relative(testDir, testModule.moduleId)}\` | ${passed} | ${failed} |`);
        if (process.env.OFFICIAL_SUITES_VERBOSE === '1') {
          for (const test of tests) if (test.result().state === 'failed') lines.push(`|   ✗ ${test.fullName} | | |`);
        }
      }
      await vitest.close();
      console.log(lines.join('\n'));
    } finally {
      await backend.stop();
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
