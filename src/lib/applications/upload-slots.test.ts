import { describe, expect, it } from 'vitest';

import { withUploadSlot } from './upload-slots';

describe('withUploadSlot', () => {
  it('runs at most four uploads at once, and every one of them in the end, failures included', async () => {
    let running = 0;
    let most = 0;
    const work = (i: number) =>
      withUploadSlot(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        if (i % 5 === 0) throw new Error(`upload ${i} failed`);
        return i;
      });
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => work(i)));
    expect(most).toBe(4);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(16);
    // The slots are all free again: four more start at once.
    running = 0;
    most = 0;
    await Promise.all(Array.from({ length: 4 }, (_, i) => work(i + 1)));
    expect(most).toBe(4);
  });
});
