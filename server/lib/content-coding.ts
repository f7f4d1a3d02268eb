import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

import Negotiator from 'negotiator';

/** Below this size compressing costs more than it saves (the `compression` middleware's default). */
export const THRESHOLD_BYTES = 1024;

/** The codings the production server sends, brotli first: it is the smaller of the two. */
export const CODINGS = ['br', 'gzip'] as const;
export type Coding = (typeof CODINGS)[number];

/**
 * The coding to send for an Accept-Encoding header, among those at hand (both unless told):
 * the client's most preferred by quality, brotli on a tie, none when the client accepts neither.
 */
export function chooseCoding(acceptEncoding: string | undefined, available: readonly Coding[] = CODINGS): Coding | null {
  const chosen = new Negotiator({ headers: { 'accept-encoding': acceptEncoding ?? '' } }).encoding(available, { preferred: CODINGS });
  return available.find((coding) => coding === chosen) ?? null;
}

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
