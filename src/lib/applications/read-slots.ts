import 'server-only';

import { MAX_CONCURRENT_READS, MAX_WAITING_READS, READ_SLOT_WAIT_MS } from './application-limits';

export type ReadSlots = <T>(work: () => Promise<T>) => Promise<T | null>;

/**
 * Slots for reading forms: `work` (reading a form, and everything until its temporary files are
 * gone) runs when fewer than `max` run. Otherwise it waits its turn, first come first served, but
 * only briefly and only behind a short line: a waiting request holds a connection with its body
 * unread (no temporary files, no memory beyond the socket's buffer), and a line without end would
 * let a flood hold them all. Past `maxWaiting` in line, or after `waitMs` in it, the answer is null
 * at once, and the caller says the server is busy.
 */
export function createReadSlots(max: number, maxWaiting: number, waitMs: number): ReadSlots {
  let reading = 0;
  const line: (() => void)[] = [];

  const release = () => {
    const next = line.shift();
    if (next === undefined) reading -= 1;
    // The slot passes straight to the next in line: `reading` stays the same.
    else next();
  };

  const acquire = (): Promise<boolean> => {
    if (reading < max) {
      reading += 1;
      return Promise.resolve(true);
    }
    if (line.length >= maxWaiting) return Promise.resolve(false);
    return new Promise((resolve) => {
      const turn = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        line.splice(line.indexOf(turn), 1);
        resolve(false);
      }, waitMs);
      line.push(turn);
    });
  };

  return async (work) => {
    if (!(await acquire())) return null;
    try {
      return await work();
    } finally {
      release();
    }
  };
}

// Per process on purpose: this bounds one server's own disk and sockets, and holds nothing about visitors.
export const withReadSlot: ReadSlots = createReadSlots(MAX_CONCURRENT_READS, MAX_WAITING_READS, READ_SLOT_WAIT_MS);
