import { mkdir } from 'node:fs/promises';
import path from 'node:path';

import { BaseSequencer, startVitest, type TestSpecification } from 'vitest/node';

import type { Suite } from './suite';
import { startLocalSupabase } from '../../src/server';

export interface FileResult {
  file: string;
  passed: number;
  failed: number;
  skipped: number;
  /** Full names of the failed tests, for `OFFICIAL_SUITES_VERBOSE=1`. */
  failures: string[];
}

/**
 * Some tests write to the suite's database and later snapshots list rows in the heap order those
 * writes leave, so the files run one after another in their sequencer's order (alphabetical,
 * postgrest-js's `test/testSequencer.js`), as `jest --runInBand` runs them.
 */
class Alphabetical extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
  }
}

/**
 * Matches every test whose full name ("describe … test") does not start with one of `blocks`.
 * Vitest may prefix the name of a top-level block with the file suite's empty name and a space.
 */
function outside(blocks: string[]): RegExp {
  const names = blocks.map((block) => block.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  return new RegExp(`^(?!\\s*(?:${names}) )`);
}

/**
 * Runs one suite's files with Vitest in Jest's place against a backend of its own, started on a
 * free port from the suite's fixtures in `work`, and stopped before this returns.
 */
export async function runSuite(suite: Suite, repo: string, work: string): Promise<FileResult[]> {
  const testDir = path.join(repo, 'packages/core', suite.name, 'test');
  const dataDir = path.join(work, suite.name);
  await mkdir(dataDir);
  const { migrationsDir, seedFile } = await suite.prepare(testDir, dataDir);
  const backend = await startLocalSupabase({ port: 0, quiet: true, migrationsDir, seedFile, dataDir });
  // The stand-ins read these in Vitest's workers, which inherit this process's environment.
  process.env.OFFICIAL_SUITES_URL = backend.url;
  process.env.OFFICIAL_SUITES_ANON_KEY = backend.anonKey;
  process.env.OFFICIAL_SUITES_SERVICE_ROLE_KEY = backend.serviceRoleKey;
  try {
    const vitest = await startVitest(
      'test',
      suite.files.map((file) => path.join(testDir, file)),
      {
        root: testDir,
        config: false,
        globals: true,
        watch: false,
        fileParallelism: false,
        sequence: { sequencer: Alphabetical },
        update: false,
        testNamePattern: suite.leftOut === undefined ? undefined : outside(suite.leftOut),
        reporters: ['dot'],
        setupFiles: [path.join(import.meta.dirname, 'jest-globals.ts')],
        alias: suite.alias,
      },
    );
    const results: FileResult[] = [];
    for (const testModule of vitest.state.getTestModules()) {
      const tests = [...testModule.children.allTests()];
      const count = (state: string) => tests.filter((test) => test.result().state === state).length;
      results.push({
        file: path.relative(testDir, testModule.moduleId),
        passed: count('passed'),
        failed: count('failed'),
        skipped: count('skipped'),
        failures: tests.filter((test) => test.result().state === 'failed').map((test) => test.fullName),
      });
    }
    await vitest.close();
    return results;
  } finally {
    await backend.stop();
  }
}
