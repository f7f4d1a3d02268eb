import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/*
 * Next's build traces every file its server and each page's server code can load at run time
 * (`*.nft.json` beside each output, what its standalone output and Vercel copy). After
 * `npm prune --omit=dev` each traced file under node_modules/ must still be there: a production
 * path that imported a development dependency would otherwise fail only when someone opened it.
 */

/** Every package file a trace under `distDir` names that is not on disk, as paths from `root`. */
export async function missingTracedFiles(root: string, distDir: string): Promise<string[]> {
  const entries = await readdir(distDir, { recursive: true, withFileTypes: true });
  const traces = entries.filter((entry) => entry.isFile() && entry.name.endsWith('.nft.json'));
  const missing = new Set<string>();
  for (const trace of traces) {
    const file = path.join(trace.parentPath, trace.name);
    const { files } = JSON.parse(await readFile(file, 'utf8')) as { files: string[] };
    for (const traced of files) {
      const absolute = path.resolve(path.dirname(file), traced);
      if (absolute.split(path.sep).includes('node_modules') && !existsSync(absolute)) missing.add(path.relative(root, absolute));
    }
  }
  return [...missing].sort();
}

/** How many trace files there are, so that a check over none of them cannot pass unnoticed. */
export async function countTraces(distDir: string): Promise<number> {
  const entries = await readdir(distDir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.nft.json')).length;
}
