/**
 * How much of a page's document is Next's own copy of the page tree: the RSC payload, which the
 * App Router inlines as `self.__next_f.push(…)` scripts so the browser can hydrate. Lighthouse's
 * network simulation sends a new connection's first ten TCP segments (14,600 bytes) in one round
 * trip, and every document past that waits one more before it can paint; these figures show which
 * side of that line the page falls on, and whether the payload is what puts it there.
 */
import { brotliCompressSync, constants as zlib } from 'node:zlib';

/** Bytes Lighthouse's simulation sends in a new connection's first round trip (10 × 1,460). */
export const FIRST_ROUND_TRIP_BYTES = 14_600;

export interface DocumentBytes {
  /** The whole HTML, brotli at the highest quality (what `npm start` sends a prerendered page as). */
  brotliBytes: number;
  /** The same HTML without Next's payload scripts, compressed the same way. */
  withoutPayloadBrotliBytes: number;
  /** The payload scripts' share of the HTML before compression. */
  payloadRawBytes: number;
  rawBytes: number;
}

/** Next's inline flight scripts: `(self.__next_f=self.__next_f||[]).push([0])` and each `self.__next_f.push([1,"…"])`. */
const PAYLOAD_SCRIPT = /<script\b[^>]*>\(?self\.__next_f\b[\s\S]*?<\/script>/g;

function brotliBytes(text: string): number {
  return brotliCompressSync(Buffer.from(text), {
    params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY },
  }).length;
}

export function documentBytes(html: string): DocumentBytes {
  const withoutPayload = html.replace(PAYLOAD_SCRIPT, '');
  return {
    brotliBytes: brotliBytes(html),
    withoutPayloadBrotliBytes: brotliBytes(withoutPayload),
    payloadRawBytes: Buffer.byteLength(html) - Buffer.byteLength(withoutPayload),
    rawBytes: Buffer.byteLength(html),
  };
}
