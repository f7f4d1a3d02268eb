import path from 'node:path';
import { fileURLToPath } from 'node:url';

import nextEnv from '@next/env';

import { importContentInto } from './lib/content-import';
import { CONTENT_DIR } from './lib/local-content';
import { resolveTarget } from './users';

/**
 * `npm run content:import`: the blog posts and vacancies in content/ become entries in Postgres, each
 * language live with an `import` revision and its own dates. Against the project named in `.env`
 * (service role), else the local backend. Safe to run again: what exists is left alone.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
nextEnv.loadEnvConfig(root, false, { info: () => undefined, error: console.error });

try {
  const target = resolveTarget(process.env);
  const report = await importContentInto(target.url, target.serviceKey, CONTENT_DIR);
  console.log(`Content import into ${target.url}:`);
  for (const [outcome, names] of Object.entries(report))
    console.log(`  ${outcome}: ${names.length}${names.length > 0 ? ` (${names.join(', ')})` : ''}`);
  if (report.kept.length > 0) console.log('  "kept": staff changed these documents since; the files were not applied to them.');
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
