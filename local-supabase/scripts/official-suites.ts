/**
 * Runs the official postgrest-js, storage-js and auth-js test files against the embedded backend and prints
 * their pass counts (`npm run backend:suites`; see CONTRACT.md, "The clients' own suites").
 *
 * The tests are read at run time from a checkout of supabase/supabase-js named by
 * SUPABASE_JS_DIR; none of their code is kept in this repository. Each suite runs against a
 * backend of its own, loaded with that suite's fixtures (`official-suites/*-suite.ts`).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { authClientSuite } from './official-suites/auth-client-suite';
import { authSuite } from './official-suites/auth-suite';
import { postgrestSuite } from './official-suites/postgrest-suite';
import { runSuite } from './official-suites/run-suite';
import { storageSuite } from './official-suites/storage-suite';

const SUITES = [postgrestSuite, storageSuite, authSuite, authClientSuite];

async function main(): Promise<void> {
  const repo = process.env.SUPABASE_JS_DIR;
  if (repo === undefined || repo === '') throw new Error('Set SUPABASE_JS_DIR to a checkout of github.com/supabase/supabase-js');
  // Never rewrite the checkout's snapshots: a mismatch is a failure.
  process.env.CI = 'true';
  const work = await mkdtemp(path.join(os.tmpdir(), 'official-suites-'));
  const lines = ['| File | Passed | Failed | Left out |', '|---|---|---|---|'];
  try {
    // One after another: the suites share this process's environment (the stand-ins' URL and keys).
    // OFFICIAL_SUITES=auth-js (comma-separated client names) runs only those clients' suites.
    const only = (process.env.OFFICIAL_SUITES ?? '').split(',').filter((name) => name !== '');
    for (const suite of SUITES.filter((candidate) => only.length === 0 || only.includes(candidate.name))) {
      for (const result of await runSuite(suite, repo, work)) {
        lines.push(`| ${suite.name} \`${result.file}\` | ${result.passed} | ${result.failed} | ${result.skipped} |`);
        if (process.env.OFFICIAL_SUITES_VERBOSE === '1') for (const name of result.failures) lines.push(`|   ✗ ${name} | | | |`);
      }
    }
    console.log(lines.join('\n'));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
