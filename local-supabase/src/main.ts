import { rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { defaultDataDir } from './config';
import { DEMO_ACCOUNTS } from './keys';
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
  const backend = await startLocalSupabase({ dataDir });
  console.log(
    [
      `Local Supabase ready in ${Math.round(performance.now() - startedAt)} ms`,
      `  API URL:          ${backend.url}`,
      `  anon key:         ${backend.anonKey}`,
      `  service_role key: ${backend.serviceRoleKey}`,
      `  Inbox:            ${backend.url}/inbox/v1/messages`,
      `  Data:             ${dataDir}`,
      '  Demo accounts:',
      ...DEMO_ACCOUNTS.map((account) => `    ${account.email} / ${account.password} (${account.role})`),
    ].join('\n'),
  );
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
