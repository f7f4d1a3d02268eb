import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { addCompileHints } from './lib/compile-hints';
import { precompressDirectory } from './lib/precompress';

/**
 * `npm run build`'s last step, after `next build`: marks the start-up scripts for eager compilation
 * (lib/compile-hints.ts), then compresses the static files once (lib/precompress.ts). In this order,
 * so the compressed copies hold the hinted scripts.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(ROOT, process.env.NEXT_DIST_DIR || '.next');

try {
  const hinted = await addCompileHints(distDir);
  console.log(`Compile hints: ${hinted.length} start-up script(s) marked for eager compilation`);
  const compressed = await precompressDirectory(path.join(distDir, 'static'));
  const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
  const total = (pick: (file: (typeof compressed)[number]) => number) => kb(compressed.reduce((sum, file) => sum + pick(file), 0));
  console.log(
    `Precompressed: ${compressed.length} static file(s), ${total((f) => f.bytes)} → ${total((f) => f.written.br ?? f.bytes)} brotli, ${total((f) => f.written.gzip ?? f.bytes)} gzip`,
  );
} catch (error) {
  console.error(`Could not finish the build: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
