/**
 * The Next server inside a process group we started: `next start` (which `npm start` runs) and
 * Next's standalone server both title their server process "next-server". Its RSS is the figure the memory target is about;
 * npm's wrapper and the backend it talks to are not part of it.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

function read(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null; // the process ended while we looked
  }
}

/** The pid of the process titled "next-server" in process group `pgid`, or null (not Linux, or not found). */
export function findNextServerPid(pgid: number): number | null {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return null;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    // Fields after the parenthesised command name: state ppid pgrp …
    const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (!fields || Number(fields[2]) !== pgid) continue;
    const cmdline = read(`/proc/${entry}/cmdline`) ?? '';
    if (cmdline.startsWith('next-server')) return Number(entry);
  }
  return null;
}

/** Resident set size of `pid` in MB, from /proc/<pid>/status. */
export function rssMb(pid: number): number | null {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(read(`/proc/${pid}/status`) ?? '');
  return match ? Number(match[1]) / 1024 : null;
}

/**
 * CPU time `pid` has used so far (user + system), in ms, from /proc/<pid>/stat: the server's own
 * cost per request, which other processes on the machine move less than they move requests per
 * second (time they take is not counted). The kernel counts in clock ticks of 1/100 s (USER_HZ,
 * 100 on every Linux architecture Node runs on).
 */
export function cpuMs(pid: number): number | null {
  const stat = read(`/proc/${pid}/stat`);
  // utime and stime are the 12th and 13th fields after the parenthesised command name.
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [utime, stime] = [Number(fields?.[11]), Number(fields?.[12])];
  return Number.isFinite(utime) && Number.isFinite(stime) ? (utime + stime) * 10 : null;
}

/** The CPUs `pid` may run on, as numbers (taskset, util-linux), or null where that cannot be read. */
export function cpuAffinity(pid: number): number[] | null {
  const result = spawnSync('taskset', ['--pid', '--cpu-list', String(pid)], { encoding: 'utf8' });
  const list = result.status === 0 ? /affinity list:\s*([\d,-]+)/.exec(result.stdout)?.[1] : undefined;
  if (list === undefined) return null;
  return list.split(',').flatMap((range) => {
    const [from, to = from] = range.split('-').map(Number);
    return from === undefined || to === undefined ? [] : Array.from({ length: to - from + 1 }, (_, i) => from + i);
  });
}

/**
 * Lets every thread of `pid` run only on `cpus`; false where that cannot be done. Read back, since
 * `taskset --all-tasks` also exits 0 for a process that has no threads left to pin.
 */
export function pinToCpus(pid: number, cpus: readonly number[]): boolean {
  const set = spawnSync('taskset', ['--all-tasks', '--pid', '--cpu-list', cpus.join(','), String(pid)], { stdio: 'ignore' });
  return set.status === 0 && cpuAffinity(pid)?.join(',') === cpus.join(',');
}
