import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { buildStart } from './lib/build-start';
import { completeStandalone } from './lib/complete-standalone';
import { precompressDirectory } from './lib/precompress';

/**
 * `npm run build`'s last step, after `next build`: compresses the static files once, for the edge
 * to send as they are (lib/precompress.ts); compiles `npm start`'s launcher to JavaScript
 * (lib/build-start.ts); and, for a standalone build, puts the files browsers ask for beside Next's
 * standalone server (lib/complete-standalone.ts), as Next's documentation says to.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(ROOT, process.env.NEXT_DIST_DIR || '.next');

try {
  const start = await buildStart(ROOT);
  console.log(`npm start: scripts/dist/start.js, importing ${start.packages.static.join(', ')}`);
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
