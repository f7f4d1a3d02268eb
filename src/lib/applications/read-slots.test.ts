// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createReadSlots } from './read-slots';

/** A piece of work that runs until `finish` is called. */
function pending() {
  let finish = () => {};
  const done = new Promise<string>((resolve) => {
    finish = () => resolve('read');
  });
  return { work: () => done, finish };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('read slots', () => {
  it('runs as many forms as there are slots, and the next in turn as soon as one is free', async () => {
    const slots = createReadSlots(2, 4, 10_000);
    const [a, b, c] = [pending(), pending(), pending()];
    let cStarted = false;
    const first = slots(a.work);
    const second = slots(b.work);
    const third = slots(() => {
      cStarted = true;
      return c.work();
    });
    await Promise.resolve();
    expect(cStarted).toBe(false);
    a.finish();
    expect(await first).toBe('read');
    await vi.waitFor(() => expect(cStarted).toBe(true));
    b.finish();
    c.finish();
    expect(await Promise.all([second, third])).toEqual(['read', 'read']);
  });

  it('refuses at once past the line, and after waiting too long in it', async () => {
    vi.useFakeTimers();
    const slots = createReadSlots(1, 1, 5_000);
    const running = pending();
    const first = slots(running.work);
    const waiting = slots(() => Promise.resolve('late'));
    expect(await slots(() => Promise.resolve('beyond the line'))).toBeNull();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await waiting).toBeNull();
    running.finish();
    expect(await first).toBe('read');
    // The slot is free again: nothing was left counted by the refusals.
    expect(await slots(() => Promise.resolve('next'))).toBe('next');
  });
});
