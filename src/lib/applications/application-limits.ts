// How many applications, and how many upload bytes, the site accepts, and the rate-limit buckets
// that count them. Free of server-only imports, so tests that prepare the limiter's table can
// name the buckets.

/** At most this many applications per visitor (keyed client address) per window. */
export const APPLICATION_RATE_LIMIT = { maxApplications: 3, windowSeconds: 60 * 60 } as const;

/**
 * At most this many applications per hour from everyone together, so a flood from many addresses
 * cannot bury the pipeline. A busy vacancy brings a few a day.
 */
export const APPLICATION_SITE_RATE_LIMIT = { maxApplications: 30, windowSeconds: 60 * 60 } as const;

/**
 * At most this many mebibytes of files per hour from everyone together: the Storage bill and the
 * disk stay bounded even when every single upload is within its limits (30 applications with two
 * full 10 MB files would be 600).
 */
export const UPLOAD_BUDGET = { maxMebibytes: 300, windowSeconds: 60 * 60 } as const;

/**
 * A request body beyond this is not read at all. Below it, the form is read to its end, so the
 * typed text (sent before the files) survives a file that is too large; bytes past a file's own
 * 10 MB limit are counted and dropped, never kept.
 */
export const MAX_REQUEST_BYTES = 64 * 1024 * 1024;

export const visitorBucket = (visitorKey: string) => `application:${visitorKey}`;
/** Shared by all visitors; no `application:` prefix, so no visitor key can name it. */
export const SITE_BUCKET = 'application-site';
export const UPLOAD_BUCKET = 'application-upload-mib';
