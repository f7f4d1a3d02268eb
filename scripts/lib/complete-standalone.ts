import { existsSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import path from 'node:path';

/**
 * Next's standalone output (`BUILD_STANDALONE=1`) holds the server and the packages it needs, but
 * not the files a browser asks for by name: `public/` and the build's `static/` folder, which Next's
 * documentation says to copy beside it. The build copies them, so the folder runs as it is with
 * `node server.js`. The precompressed copies come along, for an edge that serves the static folder
 * itself (deploy/nginx/).
 *
 * Returns the standalone folder, or null when the build made none.
 */
export async function completeStandalone(root: string, distDir: string): Promise<string | null> {
  const standalone = path.join(distDir, 'standalone');
  if (!existsSync(path.join(standalone, 'server.js'))) return null;
  await cp(path.join(root, 'public'), path.join(standalone, 'public'), { recursive: true });
  await cp(path.join(distDir, 'static'), path.join(standalone, path.relative(root, distDir), 'static'), { recursive: true });
  return standalone;
}
