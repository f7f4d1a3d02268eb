import { Readable } from 'node:stream';

import type { Context } from 'hono';

import { ERRORS } from './errors';
import type { FileStore } from './files';

/** The columns of `storage.objects` a download needs. */
export interface StoredObject {
  id: string;
  name: string;
  bucket_id: string;
  version: string | null;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
  created_at: Date | string | null;
  updated_at: Date | string | null;
}

export interface RenderOptions {
  /** `?download` / `?download=<name>`: serve as an attachment. */
  download?: string;
  /** Signed URLs answer with `Expires` (the token's expiry) instead of Cache-Control. */
  expires?: string;
}

interface AssetMetadata {
  cacheControl?: string;
  contentLength?: number;
  eTag?: string;
  mimetype?: string;
  lastModified?: Date;
}

function readMetadata(raw: Record<string, unknown> | null): AssetMetadata {
  const metadata: AssetMetadata = {};
  if (raw === null) return metadata;
  if (typeof raw.cacheControl === 'string') metadata.cacheControl = raw.cacheControl;
  if (typeof raw.contentLength === 'number' && Number.isSafeInteger(raw.contentLength)) metadata.contentLength = raw.contentLength;
  if (typeof raw.eTag === 'string') metadata.eTag = raw.eTag;
  if (typeof raw.mimetype === 'string') metadata.mimetype = raw.mimetype;
  if (typeof raw.lastModified === 'string' || typeof raw.lastModified === 'number') {
    const date = new Date(raw.lastModified);
    if (!Number.isNaN(date.getTime())) metadata.lastModified = date;
  }
  return metadata;
}

/** Storage never serves HTML as HTML from a project's domain. */
const safeContentType = (mimeType: string | undefined): string =>
  mimeType === undefined ? 'application/octet-stream' : mimeType.includes('text/html') ? 'text/plain' : mimeType;

function setCommonHeaders(c: Context, metadata: AssetMetadata, options: RenderOptions): void {
  c.header('Accept-Ranges', 'bytes');
  c.header('Content-Type', safeContentType(metadata.mimetype));
  if (metadata.eTag !== undefined) c.header('ETag', metadata.eTag);
  c.header('X-Robots-Tag', 'none');
  // Stricter than hosted Storage, which leaves these to its CDN: a browser must take the declared
  // type (a PDF that is also HTML stays a PDF), and a signed URL, a bearer link to a private
  // object, is kept by no cache on the way.
  c.header('X-Content-Type-Options', 'nosniff');
  if (metadata.lastModified !== undefined) c.header('Last-Modified', metadata.lastModified.toUTCString());
  if (options.expires !== undefined) {
    c.header('Expires', options.expires);
    c.header('Cache-Control', 'private, no-store');
  } else {
    const cacheControl = [metadata.cacheControl ?? 'no-cache'];
    const etag = c.req.header('if-none-match');
    if (etag !== undefined && etag !== metadata.eTag) cacheControl.push('stale-while-revalidate=30');
    c.header('Cache-Control', cacheControl.join(', '));
  }
  if (options.download !== undefined) {
    const name = encodeURIComponent(options.download);
    c.header('Content-Disposition', options.download === '' ? 'attachment;' : `attachment; filename=${name}; filename*=UTF-8''${name}`);
  }
}

interface ByteRange {
  start: number;
  end: number;
}

/** Storage's `parseRangeHeader` (src/storage/range.ts): one range, suffix ranges allowed. */
function parseRange(header: string, size: number): ByteRange {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header);
  if (match === null || size <= 0) throw ERRORS.InvalidRange();
  const [, startValue = '', endValue = ''] = match;
  if (startValue === '' && endValue === '') throw ERRORS.InvalidRange();
  if (startValue === '') {
    const suffix = Number(endValue);
    if (!Number.isSafeInteger(suffix) || suffix <= 0) throw ERRORS.InvalidRange();
    return { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(startValue);
  const end = endValue === '' ? size - 1 : Number(endValue);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start || start >= size) throw ERRORS.InvalidRange();
  return { start, end: Math.min(end, size - 1) };
}

/**
 * Streams an object's bytes as Storage's asset renderer does: conditional requests (304),
 * single byte ranges (206), and the cache and download headers.
 */
export async function renderObject(c: Context, files: FileStore, object: StoredObject, options: RenderOptions = {}): Promise<Response> {
  const metadata = readMetadata(object.metadata);
  const file = await files.open(object.version);
  if (file === undefined) {
    c.header('Cache-Control', 'no-store');
    throw ERRORS.ResourceNotFound();
  }
  let handed = false;
  try {
    const ifNoneMatch = c.req.header('if-none-match');
    const ifModifiedSince = c.req.header('if-modified-since');
    const notModified =
      (ifNoneMatch !== undefined && ifNoneMatch === metadata.eTag) ||
      (ifNoneMatch === undefined &&
        ifModifiedSince !== undefined &&
        metadata.lastModified !== undefined &&
        Math.floor(metadata.lastModified.getTime() / 1000) * 1000 <= new Date(ifModifiedSince).getTime());
    if (notModified) return c.body(null, 304);

    const rangeHeader = c.req.header('range');
    const range = rangeHeader === undefined ? undefined : parseRange(rangeHeader, file.size);
    setCommonHeaders(c, metadata, options);
    const start = range?.start ?? 0;
    const end = range?.end ?? file.size - 1;
    c.header('Content-Length', String(file.size === 0 ? 0 : end - start + 1));
    if (range !== undefined) c.header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
    if (file.size === 0) return c.body(null, 200);
    // The read stream owns the handle from here and closes it at the end or on abort.
    const stream = file.handle.createReadStream({ start, end, autoClose: true });
    handed = true;
    return c.body(Readable.toWeb(stream) as unknown as ReadableStream, range === undefined ? 200 : 206);
  } finally {
    if (!handed) await file.handle.close();
  }
}

/** HEAD: the same headers from the row's metadata, no body (Storage's HeadRenderer). */
export function renderHead(c: Context, object: StoredObject): Response {
  const metadata = readMetadata(object.metadata);
  setCommonHeaders(c, metadata, {});
  if (metadata.contentLength !== undefined) c.header('Content-Length', String(metadata.contentLength));
  return c.body(null, 200);
}
