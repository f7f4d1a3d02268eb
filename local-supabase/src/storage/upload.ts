import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

import Busboy, { type BusboyFileStream } from '@fastify/busboy';
import type { Context } from 'hono';

import { ERRORS, StorageError } from './errors';
import { isEmptyFolder, mustBeAllowedMimeType } from './limits';

/** Storage's cap on custom metadata of one object. */
const MAX_CUSTOM_METADATA_SIZE = 1024 * 1024;

/** The file part of an upload request, not yet read. */
export interface IncomingUpload {
  body: Readable;
  mimeType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | undefined;
  /** The request's Content-Length, which Storage records in the metadata its RLS check sees. */
  declaredLength: number | undefined;
  /** Multipart only: the part passed the size limit and was cut off. */
  isTruncated(): boolean;
  /**
   * Reads and discards whatever is left of the request, so the connection stays usable; false
   * when the body could not be read to its end (its stream was already torn down).
   */
  drain(): Promise<boolean>;
}

export interface UploadLimits {
  objectName: string;
  maxFileSize: number;
  allowedMimeTypes: string[];
}

function requestBody(c: Context): Readable {
  const body = c.req.raw.body;
  // The Web stream hono hands out is pulled chunk by chunk, so backpressure reaches the socket.
  return body === null ? Readable.from([]) : Readable.fromWeb(body as WebReadableStream<Uint8Array>);
}

function declaredLength(c: Context): number | undefined {
  const value = Number(c.req.header('content-length'));
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

async function drainReadable(stream: Readable): Promise<boolean> {
  if (!stream.readableEnded && !stream.destroyed) {
    stream.resume();
    await finished(stream).catch(() => undefined);
  }
  return stream.readableEnded;
}

function parseMetadataField(value: string | undefined): Record<string, unknown> | undefined {
  if (value === undefined) return undefined;
  if (Buffer.byteLength(value, 'utf8') > MAX_CUSTOM_METADATA_SIZE) {
    throw new StorageError(413, 'EntityTooLarge', 'The user_metadata exceeded the maximum allowed size', 'Payload too large');
  }
  try {
    return JSON.parse(value) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** `x-metadata`: base64 of a JSON object; anything unreadable is ignored, as Storage does. */
function parseMetadataHeader(value: string | undefined): Record<string, unknown> | undefined {
  if (value === undefined) return undefined;
  try {
    return JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

function checkMimeType(mimeType: string, limits: UploadLimits): void {
  if (limits.allowedMimeTypes.length > 0 && !isEmptyFolder(limits.objectName)) mustBeAllowedMimeType(mimeType, limits.allowedMimeTypes);
}

/**
 * A multipart/form-data upload, parsed as a stream (Storage uses @fastify/multipart, which is
 * built on this parser): fields before the file (`cacheControl`, `contentType`, `metadata`)
 * are read, then the file part is handed over unread. The parser cuts the file at the size
 * limit and keeps consuming the rest of the body, like Storage with `throwFileSizeLimit: false`.
 */
async function readMultipart(c: Context, contentType: string, limits: UploadLimits): Promise<IncomingUpload> {
  const source = requestBody(c);
  let parser: ReturnType<typeof Busboy>;
  try {
    parser = Busboy({ headers: { 'content-type': contentType }, limits: { fields: 10, files: 1, fileSize: limits.maxFileSize } });
  } catch (error) {
    await drainReadable(source);
    throw ERRORS.InvalidRequest((error as Error).message || 'No content provided');
  }
  const parsed = finished(parser).then(
    () => undefined,
    () => undefined,
  );
  const drain = async (): Promise<boolean> => {
    const ended = await drainReadable(source);
    await parsed;
    return ended;
  };
  const fields: Record<string, string> = {};
  parser.on('field', (name: string, value: string) => {
    fields[name] = value;
  });
  const part = await new Promise<{ stream: BusboyFileStream; mimeType: string } | undefined>((resolve, reject) => {
    parser.on('file', (_field: string, stream: BusboyFileStream, _filename: string, _encoding: string, mimeType: string) => {
      resolve({ stream, mimeType });
    });
    parser.on('finish', () => resolve(undefined));
    parser.on('error', reject);
    source.on('error', reject);
    source.pipe(parser);
  }).catch(async (error: unknown) => {
    await drain();
    throw ERRORS.InvalidRequest((error as Error).message || 'No content provided');
  });
  if (part === undefined) {
    await drain();
    throw ERRORS.NoContentProvided();
  }
  const upload: IncomingUpload = {
    body: part.stream,
    mimeType: fields.contentType || part.mimeType,
    cacheControl: fields.cacheControl ? `max-age=${fields.cacheControl}` : 'no-cache',
    userMetadata: undefined,
    // A multipart Content-Length includes the boundaries, so Storage leaves it out too.
    declaredLength: declaredLength(c),
    isTruncated: () => part.stream.truncated,
    async drain() {
      part.stream.resume();
      return drain();
    },
  };
  try {
    checkMimeType(upload.mimeType, limits);
    upload.userMetadata = parseMetadataField(fields.metadata ?? fields.userMetadata);
  } catch (error) {
    await upload.drain();
    throw error;
  }
  return upload;
}

/**
 * Reads the upload headers of a request; the body is left unread. Anything the headers already
 * rule out (MIME type, declared size) is refused before a byte is read.
 */
export async function readUpload(c: Context, limits: UploadLimits): Promise<IncomingUpload> {
  const contentType = c.req.header('content-type');
  if (contentType?.toLowerCase().startsWith('multipart/form-data')) return readMultipart(c, contentType, limits);

  const mimeType = contentType || 'application/octet-stream';
  checkMimeType(mimeType, limits);
  const length = declaredLength(c);
  if (length !== undefined && length > limits.maxFileSize) throw ERRORS.EntityTooLarge();
  const body = requestBody(c);
  return {
    body,
    mimeType,
    cacheControl: c.req.header('cache-control') ?? 'no-cache',
    userMetadata: parseMetadataHeader(c.req.header('x-metadata')),
    declaredLength: length,
    isTruncated: () => false,
    drain: () => drainReadable(body),
  };
}
