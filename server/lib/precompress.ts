import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { CODINGS, compress, THRESHOLD_BYTES, type Coding } from './content-coding';

/*
 * Next's build output under /_next/static never changes once built (its names carry a hash), yet
 * `next start` compresses each file again for every request, at a fast level. On a page load that
 * was the server's largest cost: brotli for a page's scripts and styles took about as much CPU as
 * serving them, on the same cores the visitor's browser and every other request need. So the
 * build compresses each file once, at the highest levels, and lib/precompressed-static.ts sends
 * those bytes as they are (what a CDN or nginx's gzip_static does in front of a static folder).
 */

/** What each coding's file is called: `app.js` → `app.js.br`, `app.js.gz`. */
export const EXTENSIONS: Record<Coding, string> = { br: '.br', gzip: '.gz' };

/** Text formats; fonts and images are compressed formats already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|json|svg|txt|html|xml|map|wasm)$/;

export interface Precompressed {
  file: string;
  bytes: number;
  written: Partial<Record<Coding, number>>;
}

/**
 * Writes a brotli and a gzip copy next to every compressible file under `dir` that is large enough
 * to gain, keeping only a copy that is smaller than the file. Copies are written after the files
 * are final, so each is newer than its file; lib/precompressed-static.ts ignores any that is not.
 */
export async function precompressDirectory(dir: string): Promise<Precompressed[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const done = await Promise.all(
    files.map(async (file): Promise<Precompressed | null> => {
      const body = await readFile(file);
      if (body.length < THRESHOLD_BYTES) return null;
      const result: Precompressed = { file, bytes: body.length, written: {} };
      for (const coding of CODINGS) {
        const encoded = await compress(body, coding);
        if (encoded.length >= body.length) continue;
        await writeFile(file + EXTENSIONS[coding], encoded);
        result.written[coding] = encoded.length;
      }
      return result;
    }),
  );
  return done.filter((result) => result !== null).sort((a, b) => a.file.localeCompare(b.file));
}

/** Whether `copy` was written after `file` last changed, so holds its current bytes. */
export async function isFresh(file: string, copy: string): Promise<boolean> {
  try {
    const [original, encoded] = await Promise.all([stat(file), stat(copy)]);
    return encoded.mtimeMs >= original.mtimeMs;
  } catch {
    return false;
  }
}
