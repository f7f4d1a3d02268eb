import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

/*
 * Next's build output under /_next/static never changes once built (its names carry a hash), so
 * the build compresses each file once, at the highest levels, and the edge in front of Next sends
 * those bytes as they are (nginx's gzip_static and brotli_static, deploy/nginx/): no CPU spent
 * compressing a script again for each visitor, and smaller files than a per-request level gives.
 */

/** Below this size compressing costs more than it saves (the `compression` middleware's default). */
export const THRESHOLD_BYTES = 1024;

/** The codings the edge sends, brotli first: it is the smaller of the two. */
export const CODINGS = ['br', 'gzip'] as const;
export type Coding = (typeof CODINGS)[number];

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses at the highest levels, for bytes that are compressed once and sent many times; off
 * the event loop (zlib's thread pool), because brotli's highest quality takes a noticeable time
 * on a large file.
 */
export function compress(body: Buffer, coding: Coding): Promise<Buffer> {
  return coding === 'br'
    ? brotli(body, {
        params: {
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipAsync(body, { level: zlib.Z_BEST_COMPRESSION });
}

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
 * to gain, keeping only a copy that is smaller than the file.
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
