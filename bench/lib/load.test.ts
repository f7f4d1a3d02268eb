import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { pairedRatio, type LoadRun, type ThroughputResult } from './load';
import { cpuAffinity, cpuMs, pinToCpus } from './processes';

const run = (rps: number, cpuMsPerRequest: number | null = null): LoadRun => ({
  rps,
  cpuMsPerRequest,
  p50: 10,
  p99: 50,
  requests: rps * 10,
  errors: 0,
  timeouts: 0,
  non2xx: 0,
});
const page = { label: '/', ours: '/', peer: '/', acceptLanguage: 'nl' };

describe('pairedRatio', () => {
  it('compares each round with its own partner, so a machine that speeds up between rounds does not skew the ratio', () => {
    // Ours is 0.9× the other in every round, while the machine doubles its speed from round to round.
    const result: ThroughputResult = {
      page,
      ours: [run(90), run(180), run(360)],
      peer: [run(100), run(200), run(400)],
    };
    expect(pairedRatio(result, 'rps')).toBeCloseTo(0.9);
  });

  it('leaves out rounds where a figure is missing, and gives null when none has both', () => {
    const partly: ThroughputResult = { page, ours: [run(1, 2), run(1, null)], peer: [run(1, 1), run(1, 1)] };
    expect(pairedRatio(partly, 'cpuMsPerRequest')).toBe(2);
    const none: ThroughputResult = { page, ours: [run(1, null)], peer: [run(1, 1)] };
    expect(pairedRatio(none, 'cpuMsPerRequest')).toBeNull();
  });
});

describe.runIf(process.platform === 'linux')('cpuMs', () => {
  it('reads the CPU time a process has used, which grows while it works', () => {
    const before = cpuMs(process.pid);
    // Busy until Node itself counts 200 ms of CPU, however long a loaded machine makes that take.
    const start = process.cpuUsage();
    while (process.cpuUsage(start).user + process.cpuUsage(start).system < 200_000);
    const after = cpuMs(process.pid);
    expect(before).toEqual(expect.any(Number));
    // The kernel counts in 10 ms ticks.
    expect(after).toBeGreaterThanOrEqual((before ?? 0) + 180);
  });

  it('is null for a process that does not exist', () => {
    expect(cpuMs(2 ** 22 + 1)).toBeNull();
  });
});

describe.runIf(process.platform === 'linux' && existsSync('/usr/bin/taskset'))('cpuAffinity and pinToCpus', () => {
  it('keep a process on the CPUs given, and read them back', async () => {
    const child = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      const pid = child.pid ?? 0;
      const all = cpuAffinity(pid);
      expect(all).toEqual(cpuAffinity(process.pid));
      expect(pinToCpus(pid, [0])).toBe(true);
      expect(cpuAffinity(pid)).toEqual([0]);
      expect(pinToCpus(pid, all ?? [])).toBe(true);
      expect(cpuAffinity(pid)).toEqual(all);
    } finally {
      child.kill();
    }
  });

  it('give null and false for a process that does not exist', () => {
    expect(cpuAffinity(2 ** 22 + 1)).toBeNull();
    expect(pinToCpus(2 ** 22 + 1, [0])).toBe(false);
  });
});
