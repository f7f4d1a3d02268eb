import path from 'node:path';
import { fileURLToPath } from 'node:url';

import nextEnv from '@next/env';

import { scanBuild, secretNeedles } from './lib/static-secrets';
import { JWT_SECRET, SERVICE_ROLE_KEY } from '../local-supabase/src/keys';

/**
 * `npm run test:secrets` (last step of `npm test`, after the e2e build): fails when anything a
 * browser can download from the build holds the service-role key, a JWT secret, or the name
 * SUPABASE_SERVICE_ROLE_KEY.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main(): Promise<number> {
  // The same .env files the build read, so a configured project's own keys are searched for too.
  nextEnv.loadEnvConfig(ROOT, false, { info: () => undefined, error: console.error });
  const needles = secretNeedles({ serviceRoleKey: SERVICE_ROLE_KEY, jwtSecret: JWT_SECRET }, process.env);
  // next.config.ts lets a build live in another folder (NEXT_DIST_DIR).
  const distDir = process.env.NEXT_DIST_DIR || '.next';
  const { filesScanned, hits } = await scanBuild(ROOT, needles, distDir);
  if (filesScanned === 0) {
    console.error(`No build output under ${distDir}/static: run \`npm run build\` first.`);
    return 1;
  }
  if (hits.length > 0) {
    console.error(`Secrets in the public build output (${hits.length}):`);
    for (const hit of hits) console.error(`  ${hit.file}: ${hit.label}`);
    return 1;
  }
  console.log(`No secrets in ${filesScanned} public build files (${needles.length} patterns).`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
