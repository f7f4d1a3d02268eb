import { rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';

import { withSiteContent } from './lib/local-content';
import { banner } from '../local-supabase/src/banner';
import { defaultDataDir } from '../local-supabase/src/config';
import { startLocalSupabase } from '../local-supabase/src/server';

/** `npm run backend [-- --reset]`: the local backend in the foreground, with the site's content. */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { reset: { type: 'boolean', default: false } } });
  const dataDir = defaultDataDir();
  if (values.reset) {
    await rm(dataDir, { recursive: true, force: true });
    console.log(`Wiped ${dataDir}`);
  }
  const startedAt = performance.now();
  const backend = await withSiteContent(await startLocalSupabase({ dataDir }), console.log);
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
