import { describe, expect, it } from 'vitest';

import { calibratedSlowdown } from './lighthouse';

describe('the slow condition', () => {
  it('slows each host down to the same device: host benchmarkIndex / the device’s', () => {
    expect(calibratedSlowdown(1800, 200)).toBe(9);
    expect(calibratedSlowdown(900, 200)).toBe(4.5);
  });

  it('never speeds a host up that is slower than the device', () => {
    expect(calibratedSlowdown(150, 200)).toBe(1);
  });
});
