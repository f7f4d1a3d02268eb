import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { buildServer } from './lib/build-server';
import { addCompileHints } from './lib/compile-hints';
import { completeStandalone } from './lib/complete-standalone';
import { precompressDirectory } from '../server/lib/precompress';

/**
 * `npm run build`'s last step, after `next build`: marks the start-up scripts for eager compilation
 * (lib/compile-hints.ts), then compresses the static files once (server/lib/precompress.ts), in this
 * order so the compressed copies hold the hinted scripts; compiles the production server that
 * `npm start` runs to JavaScript (lib/build-server.ts); and, for a standalone build, puts the files
 * browsers ask for beside Next's standalone server (lib/complete-standalone.ts).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(ROOT, process.env.NEXT_DIST_DIR || '.next');

try {
  const server = await buildServer(ROOT);
  console.log(`Server: server/dist/start.js and serve.js, importing ${server.packages.static.join(', ')}`);
  const hinted = await addCompileHints(distDir);
  console.log(`Compile hints: ${hinted.length} start-up script(s) marked for eager compilation`);
  const compressed = await precompressDirectory(path.join(distDir, 'static'));
  const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
  const total = (pick: (file: (typeof compressed)[number]) => number) => kb(compressed.reduce((sum, file) => sum + pick(file), 0));
  console.log(
    `Precompressed: ${compressed.length} static file(s), ${total((f) => f.bytes)} → ${total((f) => f.written.br ?? f.bytes)} brotli, ${total((f) => f.written.gzip ?? f.bytes)} gzip`,
  );
  const standalone = await completeStandalone(ROOT, distDir);
  if (standalone !== null)
    console.log(`Standalone: ${path.relative(ROOT, standalone)} (node server.js), with public/ and the static files`);
} catch (error) {
  console.error(`Could not finish the build: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
