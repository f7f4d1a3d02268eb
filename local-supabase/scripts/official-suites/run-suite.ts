import { mkdtemp } from 'node:fs/promises';
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
 * A pattern that starts with one of `names` as whole words: a block's name followed by a space,
 * or a test's full name ("describe … test"). Vitest may prefix the name of a top-level block with
 * the file suite's empty name and a space.
 */
function startsWith(names: string[]): string {
  const escaped = names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  return `\\s*(?:${escaped})(?: |$)`;
}

/** Matches the tests that run: those `only` names (all without it), less those `leftOut` names. */
function selection(suite: Suite): RegExp | undefined {
  if (suite.only === undefined && suite.leftOut === undefined) return undefined;
  const only = suite.only === undefined ? '' : `(?=${startsWith(suite.only)})`;
  const leftOut = suite.leftOut === undefined ? '' : `(?!${startsWith(suite.leftOut)})`;
  return new RegExp(`^${only}${leftOut}`);
}

/**
 * Runs one suite's files with Vitest in Jest's place against a backend of its own, started on a
 * free port from the suite's fixtures in `work`, and stopped before this returns.
 */
export async function runSuite(suite: Suite, repo: string, work: string): Promise<FileResult[]> {
  const testDir = path.join(repo, 'packages/core', suite.name, 'test');
  // A folder of its own: two suites may be one client's (auth-js's docker tests and its client tests).
  const dataDir = await mkdtemp(path.join(work, `${suite.name}-`));
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
        testNamePattern: selection(suite),
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
