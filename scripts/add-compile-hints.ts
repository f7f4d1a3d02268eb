import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addCompileHints } from './lib/compile-hints';

/** `npm run build`'s last step: see lib/compile-hints.ts. */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(ROOT, process.env.NEXT_DIST_DIR || '.next');

try {
  const changed = await addCompileHints(distDir);
  console.log(`Compile hints: ${changed.length} start-up script(s) marked for eager compilation`);
} catch (error) {
  console.error(`Could not add compile hints: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
