import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { compress, THRESHOLD_BYTES, type Coding } from './content-coding';

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

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Writes a brotli and a gzip copy next to every compressible file under `dir` that is large enough
 * to gain, keeping only a copy that is smaller than the file. Copies are written after the files
 * are final, so each is newer than its file; lib/precompressed-static.ts ignores any that is not.
 */
export async function precompressDirectory(dir: string): Promise<Precompressed[]> {
  const done: Precompressed[] = [];
  const work: Promise<void>[] = [];
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    work.push(
      (async () => {
        const body = await readFile(file);
        if (body.length < THRESHOLD_BYTES) return;
        const result: Precompressed = { file, bytes: body.length, written: {} };
        for (const coding of ['br', 'gzip'] as const) {
          const encoded = await compress(body, coding);
          if (encoded.length >= body.length) continue;
          await writeFile(file + EXTENSIONS[coding], encoded);
          result.written[coding] = encoded.length;
        }
        done.push(result);
      })(),
    );
  }
  await Promise.all(work);
  return done.sort((a, b) => a.file.localeCompare(b.file));
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
