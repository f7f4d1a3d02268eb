import 'server-only';

import pLimit from 'p-limit';

/**
 * At most this many files travel from this server to Storage at once; the rest wait their turn.
 * Each upload in flight holds buffers in fetch and the socket, so under a burst (twenty
 * applicants at once) an unbounded number of them grows the server's memory with the burst
 * instead of keeping it flat. Files wait on disk, not in memory, so waiting costs nothing.
 */
const MAX_CONCURRENT_UPLOADS = 4;

// Per process on purpose: this bounds one server's own memory, and holds nothing about visitors.
const uploadSlots = pLimit(MAX_CONCURRENT_UPLOADS);

/** Runs `work` once a slot is free, and frees the slot when it settles. */
export function withUploadSlot<T>(work: () => Promise<T>): Promise<T> {
  return uploadSlots(work);
}
