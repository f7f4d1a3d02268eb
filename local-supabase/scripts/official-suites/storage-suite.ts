import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';

import type { Suite } from './suite';

const here = import.meta.dirname;

/**
 * storage-js's test files that talk to a Storage server. Their seed (`test/supabase/seed.sql`:
 * users, buckets, objects, policies) is loaded as is; the runner's bucket functions
 * (`storage-buckets.sql`) are the one migration. The files left out, and why, are in CONTRACT.md.
 */
export const storageSuite: Suite = {
  name: 'storage-js',
  files: ['storageApi.test.ts', 'storageFileApi.test.ts', 'storageFileApiNode.test.ts'],
  async prepare(testDir, work) {
    const migrationsDir = path.join(work, 'migrations');
    await mkdir(migrationsDir);
    await copyFile(path.join(here, 'storage-buckets.sql'), path.join(migrationsDir, '00000000000000_official_suites_buckets.sql'));
    const seedFile = path.join(work, 'seed.sql');
    await copyFile(path.join(testDir, 'supabase/seed.sql'), seedFile);
    return { migrationsDir, seedFile };
  },
  alias: [
    { find: /^\.\.\/src\/index$/, replacement: path.join(here, 'storage-client.ts') },
    // The error classes are exported by the package itself (`export * from './lib/common/errors'`).
    { find: /^\.\.\/src\/lib\/common\/errors$/, replacement: path.join(here, 'storage-client.ts') },
    { find: /^\.\.\/src\/packages\/BlobDownloadBuilder$/, replacement: path.join(here, 'blob-download-builder.ts') },
    { find: /^\.\.\/src\/packages\/StreamDownloadBuilder$/, replacement: path.join(here, 'stream-download-builder.ts') },
  ],
  // storageFileApi.test.ts's client unit tests: a client for `localhost:8000` with `fetch` mocked,
  // or `jest.spyOn` on `src/lib/common/fetch`, which the bundled package cannot expose.
  leftOut: ['error handling', 'purgeCache', 'StorageFileApi Edge Cases'],
};
