import { ERRORS } from './errors';

/**
 * The upload ceiling of the whole project, Storage's `FILE_SIZE_LIMIT`: 50 MiB, the Supabase
 * CLI's default (`[storage] file_size_limit = "50MiB"`) and the Free plan's limit. A bucket's
 * `file_size_limit` can only lower it.
 */
const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

// supabase/storage src/storage/limits.ts: S3-safe characters only. The hyphen is last so it
// stays a literal, not a range.
const VALID_OBJECT_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/;
const VALID_BUCKET_NAME = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$/;

export function mustBeValidKey(key: string | undefined): asserts key is string {
  if (key === undefined || key.length === 0 || !VALID_OBJECT_KEY.test(key)) throw ERRORS.InvalidKey(key ?? '');
}

export function mustBeValidBucketName(name: string | undefined): asserts name is string {
  if (name === undefined || name.length === 0 || name.length > 100 || !VALID_BUCKET_NAME.test(name)) throw ERRORS.InvalidBucketName();
}

/** A folder placeholder the dashboard creates; Storage lets it through only empty. */
export const isEmptyFolder = (objectName: string): boolean => objectName.endsWith('.emptyFolderPlaceholder');

/**
 * Storage's upload check (src/storage/uploader.ts `validateMimeType`): `type/subtype` must
 * equal an allowed entry, or the entry is `type/*`. Parameters are not stripped, so
 * `text/plain;charset=UTF-8` does not match `text/plain`, exactly as on hosted Storage.
 */
export function mustBeAllowedMimeType(mimeType: string, allowed: string[]): void {
  const requested = mimeType.split('/');
  const [type, subtype] = requested;
  if (requested.length < 2 || type === undefined || subtype === undefined) throw ERRORS.InvalidMimeType(mimeType);
  for (const entry of allowed) {
    const [allowedType, allowedSubtype] = entry.split('/');
    if (allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype)) return;
  }
  throw ERRORS.InvalidMimeType(mimeType);
}

/** The size limit for one upload into a bucket with the given `file_size_limit`. */
export function maxFileSize(objectName: string, bucketLimit: number | null): number {
  if (isEmptyFolder(objectName)) return 0;
  return bucketLimit === null ? GLOBAL_FILE_SIZE_LIMIT : Math.min(bucketLimit, GLOBAL_FILE_SIZE_LIMIT);
}

/** Storage's `assertValidNumericJWTExpiration` for `expiresIn` of signed URLs. */
export function mustBeValidExpiresIn(expiresIn: number): void {
  const maxSeconds = Math.floor(Number.MAX_SAFE_INTEGER / 1000) - Math.floor(Date.now() / 1000);
  const seconds = Math.floor(expiresIn);
  if (!Number.isFinite(expiresIn) || !Number.isSafeInteger(seconds) || seconds < 1 || seconds > maxSeconds) {
    throw ERRORS.InvalidParameter('expiresIn');
  }
}

/**
 * What Fastify's content-type parser accepts (RFC 9110 `media-type`): a header it cannot parse
 * is refused with Storage's 415-in-body before any route runs.
 */
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const MEDIA_TYPE = new RegExp(`^${TOKEN}/${TOKEN}(?:[ ]*;[ ]*${TOKEN}=(?:${TOKEN}|"(?:[^"\\\\]|\\\\.)*"))*[ ]*;?[ ]*$`);

export function isValidContentType(header: string): boolean {
  return MEDIA_TYPE.test(header);
}
