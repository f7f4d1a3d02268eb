import 'server-only';

/**
 * At most this many files travel from this server to Storage at once; the rest wait their turn.
 * Each upload in flight holds buffers in fetch and the socket, so under a burst (twenty
 * applicants at once) an unbounded number of them grows the server's memory with the burst
 * instead of keeping it flat. Files wait on disk, not in memory, so waiting costs nothing.
 */
const MAX_CONCURRENT_UPLOADS = 4;

// Per process on purpose: this bounds one server's own memory, and holds nothing about visitors.
let active = 0;
const waiting: (() => void)[] = [];

/** Runs `work` once a slot is free, and frees the slot when it settles. */
export async function withUploadSlot<T>(work: () => Promise<T>): Promise<T> {
  if (active >= MAX_CONCURRENT_UPLOADS) await new Promise<void>((resolve) => waiting.push(resolve));
  else active += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // The slot passes straight to the next in line, so `active` counts it without a gap.
    if (next) next();
    else active -= 1;
  }
}
