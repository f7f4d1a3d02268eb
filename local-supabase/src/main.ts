import { rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';

import { banner } from './banner';
import { CONTENT_DIR, defaultDataDir } from './config';
import { startLocalSupabase } from './server';

/** `npm run backend [-- --reset]`: the local backend in the foreground. */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { reset: { type: 'boolean', default: false } } });
  const dataDir = defaultDataDir();
  if (values.reset) {
    await rm(dataDir, { recursive: true, force: true });
    console.log(`Wiped ${dataDir}`);
  }
  const startedAt = performance.now();
  const backend = await startLocalSupabase({ dataDir, contentDir: CONTENT_DIR });
  console.log(banner(backend, { dataDir, readyMs: performance.now() - startedAt }));
  const shutdown = (): void => {
    void backend.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
