import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * A Storage API error as supabase/storage renders it: the body carries the "real" status as a
 * string (`statusCode: '404'`), while the HTTP status is 400 for every client error and 500 for
 * server errors, unless a route overrides it (`withStatusCode` in Storage, e.g. 403, 416).
 */
export class StorageError extends Error {
  constructor(
    /** The status in the body, Storage's `httpStatusCode`. */
    readonly statusCode: number,
    /** Storage's `ErrorCode`, e.g. `NoSuchKey`. */
    readonly code: string,
    message: string,
    /** The legacy `error` field; Storage falls back to the code. */
    readonly error: string = code,
    /** The HTTP status when it is not Storage's default (400, or 500 for server errors). */
    readonly httpStatus?: ContentfulStatusCode,
  ) {
    super(message);
  }

  get status(): ContentfulStatusCode {
    return this.httpStatus ?? (this.statusCode === 500 ? 500 : 400);
  }

  /** Storage's `errorSchema` serialises the keys in this order. */
  body(): { statusCode: string; error: string; message: string; code: string } {
    return { statusCode: String(this.statusCode), error: this.error, message: this.message, code: this.code };
  }
}

/** The factories of supabase/storage's `ERRORS` (src/internal/errors/codes.ts) this subset raises. */
export const ERRORS = {
  NoSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  NoSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  /** What the asset renderer answers when the bytes are missing although the row exists. */
  ResourceNotFound: () => new StorageError(404, 'NoSuchKey', 'The resource was not found', 'Not found'),
  InvalidBucketName: () => new StorageError(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
  InvalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  KeyAlreadyExists: () => new StorageError(409, 'KeyAlreadyExists', 'The resource already exists', 'Duplicate'),
  ResourceAlreadyExists: () => new StorageError(409, 'ResourceAlreadyExists', 'The resource already exists', 'Duplicate'),
  AccessDenied: (message = 'Access denied', httpStatus?: ContentfulStatusCode) =>
    new StorageError(403, 'AccessDenied', message, 'Unauthorized', httpStatus),
  EntityTooLarge: () => new StorageError(413, 'EntityTooLarge', 'The object exceeded the maximum allowed size', 'Payload too large'),
  InvalidMimeType: (mimeType: string) =>
    new StorageError(415, 'InvalidMimeType', `mime type ${mimeType} is not supported`, 'invalid_mime_type'),
  InvalidContentType: () => new StorageError(415, 'InvalidMimeType', 'Invalid Content-Type header', 'invalid_mime_type'),
  InvalidParameter: (parameter: string) => new StorageError(400, 'InvalidParameter', `Invalid Parameter ${parameter}`),
  InvalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message),
  NoContentProvided: () => new StorageError(400, 'InvalidRequest', 'No content provided'),
  InvalidJWT: (message: string) => new StorageError(400, 'InvalidJWT', message),
  InvalidSignature: (message = 'Invalid signature') => new StorageError(400, 'InvalidSignature', message),
  ExpiredSignature: () => new StorageError(400, 'ExpiredToken', 'The provided token has expired.'),
  InvalidRange: () => new StorageError(416, 'InvalidRange', 'invalid range provided', 'invalid_range', 416),
  /** Fastify's JSON-schema validation failure, as Storage's error handler renders it. */
  Validation: (message: string) => new StorageError(400, 'InvalidRequest', message, 'Error'),
  /** Fastify's body-parser failures (empty or invalid JSON, body too large). */
  BodyParser: (statusCode: 400 | 413, code: string, message: string) =>
    new StorageError(statusCode, code, message, 'FastifyError', statusCode),
  Internal: () => new StorageError(500, 'InternalError', 'Internal Server Error', 'Internal'),
};

interface DatabaseErrorLike {
  code: string;
  message: string;
  detail?: string;
}

function isDatabaseError(error: unknown): error is DatabaseErrorLike {
  if (!(error instanceof Error)) return false;
  const { code } = error as Partial<DatabaseErrorLike>;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/** Storage's `DBError.fromDBError` (src/storage/database/errors.ts): SQLSTATE → Storage error. */
export function fromDatabaseError(error: unknown): unknown {
  if (error instanceof StorageError || !isDatabaseError(error)) return error;
  switch (error.code) {
    case '42501':
      return ERRORS.AccessDenied(
        error.message.includes('row-level security') ? 'new row violates row-level security policy' : error.message,
      );
    case '23505':
      return ERRORS.ResourceAlreadyExists();
    case '23503':
      return error.detail?.includes('is still referenced from table') === true
        ? new StorageError(409, 'ResourceReferenced', 'The resource could not be updated or removed due to a foreign key constraint')
        : new StorageError(404, 'InvalidRequest', 'The related resource does not exist');
    case '55P03':
      return new StorageError(423, 'ResourceLocked', 'The resource is locked');
    case '22P02':
      return new StorageError(400, 'InvalidParameter', error.message || 'Invalid value format or type conversion failed');
    default:
      return new StorageError(500, 'DatabaseError', `database error, code: ${error.code}`);
  }
}

/** Renders an error; `close` asks the client to drop the connection (an unread body remains). */
export function storageErrorResponse(c: Context, error: StorageError, close = false): Response {
  c.header('Content-Type', 'application/json; charset=utf-8');
  if (close) c.header('Connection', 'close');
  return c.body(JSON.stringify(error.body()), error.status);
}
