// How many contact messages the site accepts, and the rate-limit buckets that count them.
// Free of server-only imports, so tests that prepare the limiter's table can name the buckets.

/** At most this many messages per visitor (hashed IP) per window. */
export const CONTACT_RATE_LIMIT = { maxMessages: 5, windowSeconds: 60 * 60 } as const;

/**
 * A circuit breaker, not a limit anyone should meet: at most this many messages per hour from
 * everyone together, so a flood from many addresses (each within its own limit) cannot bury the
 * inbox. The firm gets a handful of messages a day; reaching it is logged (src/lib/rate-limit.ts).
 */
export const CONTACT_SITE_RATE_LIMIT = { maxMessages: 100, windowSeconds: 60 * 60 } as const;

/** The bucket of one visitor. */
export const visitorBucket = (visitorKey: string) => `contact:${visitorKey}`;

/** The bucket all visitors share; it has no `contact:` prefix, so no visitor key can name it. */
export const SITE_BUCKET = 'contact-site';
