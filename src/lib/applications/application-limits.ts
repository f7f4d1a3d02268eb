// How many applications, and how many upload bytes, the site accepts, and the rate-limit buckets
// that count them. Free of server-only imports, so tests that prepare the limiter's table can
// name the buckets.

/** At most this many applications per visitor (keyed client address) per window. */
export const APPLICATION_RATE_LIMIT = { maxApplications: 3, windowSeconds: 60 * 60 } as const;

/**
 * Every request to the endpoint, counted before its body is read, whatever it turns out to hold:
 * this bounds the work and the drafts one visitor can cause. Room for a few corrections around
 * each of the visitor's applications.
 */
export const APPLICATION_REQUEST_LIMIT = { maxRequests: 12, windowSeconds: 60 * 60 } as const;

/** Drafts (what a form sent without JavaScript typed) stored per hour for everyone together. */
export const DRAFT_SITE_LIMIT = { maxDrafts: 300, windowSeconds: 60 * 60 } as const;

/**
 * Forms one server reads at once. Each holds a temporary folder with up to two files on disk until
 * it is answered; a request beyond this is answered at once, unread.
 */
export const MAX_CONCURRENT_READS = 8;

/**
 * Forms beyond MAX_CONCURRENT_READS wait their turn, at most this many and at most this long, each
 * holding only its connection; beyond either the answer comes at once, unread. A burst of
 * applicants is served in turn instead of being refused; a flood still meets a short line.
 */
export const MAX_WAITING_READS = 64;
export const READ_SLOT_WAIT_MS = 20_000;

/** A form must arrive within this; a slower upload is cut off, well before Node's own 300 s. */
export const READ_DEADLINE_MS = 120_000;

/**
 * A circuit breaker, not a limit anyone should meet: at most this many applications per hour from
 * everyone together, so a flood from many addresses cannot bury the pipeline. A busy vacancy
 * brings a few a day; reaching it is logged and shown to admins (src/lib/rate-limit.ts). The
 * default of APPLICATION_SITE_CAP_PER_HOUR, for a campaign that expects more (and the load bench).
 */
export const APPLICATION_SITE_RATE_LIMIT = { maxApplications: 100, windowSeconds: 60 * 60 } as const;

/**
 * At most this many mebibytes of files per hour from everyone together: the Storage bill and the
 * disk stay bounded even when every single upload is within its limits. The site-wide cap's
 * applications with a full 10 MB CV each.
 */
export const UPLOAD_BUDGET = { maxMebibytes: 1000, windowSeconds: 60 * 60 } as const;

/**
 * A request body beyond this is not read at all. Below it, the form is read to its end, so the
 * typed text (sent before the files) survives a file that is too large; bytes past a file's own
 * 10 MB limit are counted and dropped, never kept.
 */
export const MAX_REQUEST_BYTES = 64 * 1024 * 1024;

export const visitorBucket = (visitorKey: string) => `application:${visitorKey}`;
export const requestBucket = (visitorKey: string) => `application-request:${visitorKey}`;
/** Shared by all visitors; no `application:` prefix, so no visitor key can name it. */
export const SITE_BUCKET = 'application-site';
export const UPLOAD_BUCKET = 'application-upload-mib';
export const DRAFT_SITE_BUCKET = 'application-draft-site';
