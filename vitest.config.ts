import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const src = fileURLToPath(new URL('./src', import.meta.url));
// `server-only` throws outside a React Server bundle; tests import server modules directly, so every
// project gets the package's own empty stand-in, the file Next resolves it to on the server.
const serverOnly = join(dirname(createRequire(import.meta.url).resolve('server-only')), 'empty.js');
const resolve = { alias: { '@': src, 'server-only': serverOnly } };

/**
 * `npm test` runs these files beside the production build and the end-to-end tests (three browsers
 * and their servers) on a 2-core machine, where a render that takes half a second alone can take
 * several: a limit for a test that hangs, not a measure of speed (that is `npm run bench`'s).
 */
const SHARED_MACHINE_TIMEOUT = 20_000;

export default defineConfig({
  test: {
    // The backend files spend much of their time waiting (on the database, on mail, on a port), so a
    // third worker on a 2-core machine keeps both cores busy; a fourth gains nothing there.
    maxWorkers: 3,
    projects: [
      {
        // Most of the site's tests are plain functions; a DOM is built only where one is used
        // (a `@vitest-environment jsdom` line), since creating one per file costs more than the tests.
        resolve,
        test: {
          name: 'site',
          environment: 'node',
          testTimeout: SHARED_MACHINE_TIMEOUT,
          include: ['src/**/*.test.ts'],
          // next-intl imports `next/navigation` without an extension; inlining lets Vite resolve it.
          server: { deps: { inline: ['next-intl'] } },
        },
      },
      {
        plugins: [react()],
        resolve,
        test: {
          name: 'components',
          environment: 'jsdom',
          testTimeout: SHARED_MACHINE_TIMEOUT,
          include: ['src/**/*.test.tsx'],
          setupFiles: ['./vitest.setup.ts'],
          // next-intl imports `next/navigation` without an extension; inlining lets Vite resolve it.
          server: { deps: { inline: ['next-intl'] } },
        },
      },
      {
        resolve,
        test: {
          name: 'backend',
          environment: 'node',
          include: ['local-supabase/**/*.test.ts', 'scripts/**/*.test.ts', 'supabase/**/*.test.ts', 'bench/**/*.test.ts'],
          // Each file boots its own backend (PGlite WASM) on a free port, with its own data folder,
          // so files run side by side like the rest (see maxWorkers).
          // The files share nothing but the modules they import (each starts its own backend), so the
          // worker keeps those between files instead of importing them again for each.
          isolate: false,
          // The cached database templates are built once before the files start, not inside their limits.
          globalSetup: ['./local-supabase/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
