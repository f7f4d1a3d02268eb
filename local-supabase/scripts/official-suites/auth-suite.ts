import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { Suite } from './suite';

const here = import.meta.dirname;

/**
 * auth-js's test files that can run against the embedded Auth: two docker tests whose GoTrue
 * answers as this backend's configuration must, sign-ups and anonymous sign-ins both refused
 * (CONTRACT.md says why the others cannot). It needs no fixtures: an empty database is its container's state too.
 */
export const authSuite: Suite = {
  name: 'auth-js',
  files: ['docker-tests/anonymous-disabled.test.ts', 'docker-tests/signup-disabled.test.ts'],
  async prepare(_testDir, work) {
    const migrationsDir = path.join(work, 'migrations');
    await mkdir(migrationsDir);
    const seedFile = path.join(work, 'seed.sql');
    await writeFile(seedFile, '');
    return { migrationsDir, seedFile };
  },
  alias: [
    { find: /^\.\/clients$/, replacement: path.join(here, 'auth-clients.ts') },
    { find: /^\.\.\/lib\/utils$/, replacement: path.join(here, 'auth-utils.ts') },
  ],
};
