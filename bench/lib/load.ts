/**
 * Server-side figures with autocannon: requests per second side by side with the peer, and the
 * Next server's memory over a long run of requests. Loopback only, and every run ends by itself
 * (a fixed duration or a fixed number of requests).
 */
import autocannon from 'autocannon';

import { cpuAffinity, pinToCpus } from './processes';
import { median } from './results';

export interface LoadRun {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** The server's CPU time per request in ms over the run, where its process can be read. */
  cpuMsPerRequest: number | null;
}

/** What a browser of this locale sends: the page, compressed, in that language. */
export function browserHeaders(acceptLanguage: string): Record<string, string> {
  return { 'accept-language': acceptLanguage, 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' };
}

function assertLoopback(url: string): void {
  const host = new URL(url).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost' && host !== '[::1]') throw new Error(`load only goes to the loopback, not ${host}`);
}

async function cannon(options: autocannon.Options, readCpuMs: (() => number | null) | null = null): Promise<LoadRun> {
  assertLoopback(options.url as string);
  const cpuBefore = readCpuMs?.() ?? null;
  const result = await autocannon({ ...options, timeout: 10 });
  const cpuAfter = readCpuMs?.() ?? null;
  return {
    cpuMsPerRequest:
      cpuBefore === null || cpuAfter === null || result.requests.total === 0 ? null : (cpuAfter - cpuBefore) / result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

export interface ThroughputPage {
  label: string;
  ours: string;
  peer: string;
  acceptLanguage: string;
}

/** A server under load: where it answers, its Next process and how to read that process's CPU time (null when unknown). */
export interface LoadSite {
  base: string;
  pid: number | null;
  readCpuMs: (() => number | null) | null;
}

export interface ThroughputResult {
  page: ThroughputPage;
  ours: LoadRun[];
  peer: LoadRun[];
}

/** Which CPUs the load generator and the servers ran on, when they were kept apart. */
export interface CpuSplit {
  loader: number[];
  servers: number[];
}

export interface Throughput {
  results: ThroughputResult[];
  cpus: CpuSplit | null;
}

/**
 * Runs `measure` with the load generator (autocannon, one thread in this process) on the first CPU
 * this process may use and the servers' Next processes on the others. On a shared machine the
 * generator's own work per request competes with the server it loads, which caps the faster server
 * first and so flattens the ratio between two servers. Kept apart, each server has the same CPUs to
 * itself, and the ratio is the servers'. Everything gets its CPUs back afterwards. With one CPU, a
 * server whose process is unknown, no taskset or BENCH_PIN=0, the kernel schedules as usual.
 */
async function withCpuSplit<T>(sites: LoadSite[], measure: () => Promise<T>): Promise<{ value: T; cpus: CpuSplit | null }> {
  const all = process.env.BENCH_PIN === '0' ? null : cpuAffinity(process.pid);
  const serverPids = sites.flatMap((site) => (site.pid === null ? [] : [site.pid]));
  const [loader, ...servers] = all ?? [];
  if (all === null || loader === undefined || servers.length === 0 || serverPids.length < sites.length)
    return { value: await measure(), cpus: null };
  const pinned = pinToCpus(process.pid, [loader]) && serverPids.every((pid) => pinToCpus(pid, servers));
  try {
    if (!pinned) {
      console.error('[bench] could not keep the load generator and the servers on CPUs of their own; the kernel schedules them');
      return { value: await measure(), cpus: null };
    }
    console.error(`[bench] load generator on CPU ${loader}, servers on CPU ${servers.join(',')}`);
    return { value: await measure(), cpus: { loader: [loader], servers } };
  } finally {
    for (const pid of [process.pid, ...serverPids]) pinToCpus(pid, all);
  }
}

export interface ThroughputOptions {
  connections: number;
  durationSeconds: number;
  rounds: number;
}

/**
 * Each page in rounds, ours and the peer back to back, the order swapped every round, so both
 * sites see the same machine load (the machine is shared; ratios are what carry over), with the
 * load generator and the servers on CPUs of their own where the machine allows (withCpuSplit).
 */
export async function compareThroughput(
  oursSite: LoadSite,
  peerSite: LoadSite,
  pages: ThroughputPage[],
  options: ThroughputOptions,
): Promise<Throughput> {
  const { value: results, cpus } = await withCpuSplit([oursSite, peerSite], () => measureThroughput(oursSite, peerSite, pages, options));
  return { results, cpus };
}

async function measureThroughput(
  oursSite: LoadSite,
  peerSite: LoadSite,
  pages: ThroughputPage[],
  options: ThroughputOptions,
): Promise<ThroughputResult[]> {
  const results = pages.map((page) => ({ page, ours: [] as LoadRun[], peer: [] as LoadRun[] }));
  for (const result of results) {
    for (const [{ base }, path] of [
      [oursSite, result.page.ours],
      [peerSite, result.page.peer],
    ] as const) {
      // Warm-up: the first requests compile and fill caches on both servers.
      await cannon({ url: `${base}${path}`, connections: 4, amount: 100, headers: browserHeaders(result.page.acceptLanguage) });
    }
  }
  for (let round = 1; round <= options.rounds; round++) {
    for (const result of results) {
      const order = round % 2 === 1 ? (['ours', 'peer'] as const) : (['peer', 'ours'] as const);
      for (const site of order) {
        const target = site === 'ours' ? oursSite : peerSite;
        const run = await cannon(
          {
            url: `${target.base}${result.page[site]}`,
            connections: options.connections,
            duration: options.durationSeconds,
            headers: browserHeaders(result.page.acceptLanguage),
          },
          target.readCpuMs,
        );
        result[site].push(run);
        console.error(
          `[bench] throughput ${result.page.label} round ${round}/${options.rounds} ${site}: ${run.rps.toFixed(0)} req/s, ${run.cpuMsPerRequest?.toFixed(2) ?? '?'} CPU ms/req, p99 ${run.p99} ms, errors ${run.errors + run.timeouts}, non-2xx ${run.non2xx}`,
        );
      }
    }
  }
  return results;
}

export const medianOf = (runs: LoadRun[], key: keyof LoadRun): number | null => median(runs.map((r) => r[key]));

/**
 * The median over rounds of ours / theirs, each round's two runs taken back to back: a machine
 * whose speed drifts between rounds moves both runs of a pair alike, and the pair's ratio keeps.
 */
export function pairedRatio(result: ThroughputResult, key: 'rps' | 'cpuMsPerRequest'): number | null {
  const ratios = result.ours.flatMap((ours, round) => {
    const [a, b] = [ours[key], result.peer[round]?.[key] ?? null];
    return a === null || b === null || b === 0 ? [] : [a / b];
  });
  return median(ratios);
}

export interface MemoryPoint {
  requests: number;
  rssMb: number | null;
}

export interface MemorySite {
  base: string;
  paths: string[];
  readRss: () => number | null;
}

/**
 * Sends `checkpoints.at(-1)` requests in total to each site, cycling through its `paths`, and reads
 * each server's RSS at each checkpoint. The sites take turns between checkpoints, so a change in the
 * shared machine's load falls on all of them alike.
 */
export async function memoryCurves(sites: MemorySite[], checkpoints: number[], connections: number): Promise<MemoryPoint[][]> {
  const curves = sites.map((site) => [{ requests: 0, rssMb: site.readRss() }]);
  let sent = 0;
  for (const checkpoint of checkpoints) {
    for (const [index, site] of sites.entries()) {
      const run = await cannon({
        url: site.base,
        connections,
        amount: checkpoint - sent,
        headers: browserHeaders('nl-NL,nl;q=0.9'),
        // Each connection walks the list of pages in order, round and round.
        requests: site.paths.map((path) => ({ method: 'GET', path })),
      });
      if (run.errors + run.timeouts > 0)
        console.error(`[bench] memory run on ${site.base}: ${run.errors} errors, ${run.timeouts} timeouts`);
      const rssMb = site.readRss();
      curves[index]?.push({ requests: checkpoint, rssMb });
      console.error(`[bench] memory of ${site.base} after ${checkpoint} requests: ${rssMb?.toFixed(1) ?? '?'} MB`);
    }
    sent = checkpoint;
  }
  return curves;
}
