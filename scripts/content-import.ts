import path from 'node:path';
import { fileURLToPath } from 'node:url';

import nextEnv from '@next/env';
import { createClient } from '@supabase/supabase-js';

import { importContent } from './lib/content-import';
import { resolveTarget } from './users';
import { ensureGlobalWebSocket } from '../local-supabase/src/websocket-polyfill';
import type { Database } from '../src/lib/supabase/database.types';

/**
 * `npm run content:import`: the blog posts and vacancies in content/ become entries in Postgres, each
 * language live with an `import` revision and its own dates. Against the project named in `.env`
 * (service role), else the local backend. Safe to run again: what exists is left alone.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
nextEnv.loadEnvConfig(root, false, { info: () => undefined, error: console.error });
ensureGlobalWebSocket();

try {
  const target = resolveTarget(process.env);
  const admin = createClient<Database>(target.url, target.serviceKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const report = await importContent(admin, path.join(root, 'content'));
  console.log(`Content import into ${target.url}:`);
  for (const [outcome, names] of Object.entries(report))
    console.log(`  ${outcome}: ${names.length}${names.length > 0 ? ` (${names.join(', ')})` : ''}`);
  if (report.kept.length > 0) console.log('  "kept": staff changed these documents since; the files were not applied to them.');
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
