import 'server-only';

import { MAX_CONCURRENT_READS } from './application-limits';

// Per process on purpose: this bounds one server's own disk and sockets, and holds nothing about visitors.
let reading = 0;

/**
 * Runs `work` (reading a form, and everything until its temporary files are gone) when fewer than
 * MAX_CONCURRENT_READS run; otherwise answers null at once. Refusing rather than queueing: a queued
 * request would hold its connection open and its body unread, which is the load this bounds.
 */
export async function withReadSlot<T>(work: () => Promise<T>): Promise<T | null> {
  if (reading >= MAX_CONCURRENT_READS) return null;
  reading += 1;
  try {
    return await work();
  } finally {
    reading -= 1;
  }
}
