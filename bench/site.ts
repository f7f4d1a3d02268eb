/**
 * Site bench, side by side with the seed-style peer (../shared/peer, see lib/peer.ts), the limit
 * (the same HTML with every script removed, lib/script-free.ts) and, with `--baseline <commit>`, a
 * build of that commit (lib/baseline.ts):
 * - Lighthouse mobile (median of BENCH_RUNS, default 5) and first-load JS per public page and
 *   locale, under Lighthouse's default condition and a slow one calibrated from benchmarkIndex
 *   (lib/lighthouse.ts), every site's runs interleaved, with ratios ours / theirs;
 * - requests per second under 20 connections on /, /en, /about-us and a blog post, interleaved;
 * - first, the Next server's RSS at start and after 1,000, 5,000 and 10,000 requests across all public pages.
 * Prints tables and PASS/MISS per target, and writes the raw numbers to
 * bench/results/site-<timestamp>.json.
 *
 * Run via `npm run bench` (bench/run-all.ts) or alone: `npx tsx bench/site.ts`.
 * BENCH_BASE_URL=http://host:port measures a running server instead of starting one (no memory
 * figures then); BENCH_PATHS=/sign-in,/account adds pages; BENCH_NO_PEER=1 skips the peer;
 * BENCH_ONLY=lighthouse,throughput,memory runs a part; BENCH_PAGES=/,/en/vacancies measures only those
 * pages; BENCH_NO_LIMIT=1 skips the script-free limit; BENCH_MEMORY_CHECKPOINTS=1000,5000,20000 sets
 * the request counts at which memory is read.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import getPort from 'get-port';

import { startBaseline } from './lib/baseline';
import { documentBytes } from './lib/document-bytes';
import { fetchOk } from './lib/fetch-ok';
import { measureFirstLoadJs } from './lib/first-load-js';
import { LighthouseRunner, SLOW_DEVICE_BENCHMARK_INDEX, type LighthouseRun } from './lib/lighthouse';
import { compareThroughput, memoryCurves, type LoadSite, type MemoryPoint, type MemorySite, type Throughput } from './lib/load';
import { PEER_PAGES, startPeer } from './lib/peer';
import { cpuMs, findNextServerPid, rssMb } from './lib/processes';
import { formatBaselineThroughput, formatLoadReport, formatReport } from './lib/report';
import { mergeFailedAudits, summariseRuns, type Comparison, type PageResult, type PeerResult } from './lib/results';
import { runWhenStarted } from './lib/run-bench';
import { startScriptFreeProxy, type ScriptFreeProxy } from './lib/script-free';
import { getServer, type BenchServer } from './lib/server';
import { startEdge, type Edge } from '../scripts/lib/edge';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// Five, as Lighthouse's own guidance on variability advises: TBT on a shared two-core machine varies
// several-fold between runs of the same build, and medians of three still swung between bench runs.
const RUNS_PER_PAGE = Number(process.env.BENCH_RUNS ?? 5);
const BLOG_POST = '/blog/wanneer-kies-je-voor-maatwerk';

/** nl is the default locale and lives unprefixed; en lives under /en. */
const LOCALES = [
  { locale: 'nl', prefix: '', acceptLanguage: 'nl-NL,nl;q=0.9' },
  { locale: 'en', prefix: '/en', acceptLanguage: 'en-GB,en;q=0.9' },
] as const;

/**
 * Our pages, and the peer page each is compared with. The peer has the five main pages only:
 * posts and vacancies are compared with its lists, the legal pages with its other text page.
 */
const PAGES: { path: string; peer: string; locales: readonly ('nl' | 'en')[] }[] = [
  { path: '/', peer: '/', locales: ['nl', 'en'] },
  { path: '/about-us', peer: '/about-us', locales: ['nl', 'en'] },
  { path: '/vacancies', peer: '/vacancies', locales: ['nl', 'en'] },
  { path: '/blog', peer: '/blog', locales: ['nl', 'en'] },
  { path: '/contact-us', peer: '/contact-us', locales: ['nl', 'en'] },
  { path: BLOG_POST, peer: '/blog', locales: ['nl'] },
  { path: '/vacancies/senior-full-stack-developer', peer: '/vacancies', locales: ['nl'] },
  { path: '/privacy', peer: '/about-us', locales: ['nl'] },
];

const THROUGHPUT = {
  connections: 20,
  durationSeconds: Number(process.env.BENCH_LOAD_SECONDS ?? 10),
  rounds: Number(process.env.BENCH_LOAD_ROUNDS ?? 3),
};
const MEMORY_CHECKPOINTS = (process.env.BENCH_MEMORY_CHECKPOINTS ?? '1000,5000,10000')
  .split(',')
  .map((n) => Number(n.trim()))
  .filter((n) => Number.isInteger(n) && n > 0)
  .sort((a, b) => a - b);

function localisedPath(page: string, prefix: string): string {
  if (!prefix) return page;
  return page === '/' ? prefix : `${prefix}${page}`;
}

/** BENCH_PAGES=/,/en/vacancies: only these pages, each in the locale its path says. */
function chosenPages(): typeof PAGES {
  const chosen = (process.env.BENCH_PAGES ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (chosen.length === 0) return [...PAGES, ...extraPages()];
  return chosen.map((full) => {
    const english = full === '/en' || full.startsWith('/en/');
    const page = english ? full.slice(3) || '/' : full;
    const known = PAGES.find((p) => p.path === page);
    return { path: page, peer: known?.peer ?? '/', locales: [english ? 'en' : 'nl'] as const };
  });
}

function extraPages(): typeof PAGES {
  return (process.env.BENCH_PATHS ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => ({ path: p.startsWith('/') ? p : `/${p}`, peer: '/', locales: ['nl', 'en'] as const }));
}

const only = new Set((process.env.BENCH_ONLY ?? 'lighthouse,throughput,memory').split(',').map((s) => s.trim()));

interface Measured {
  runs: LighthouseRun[];
  firstLoadJs: PageResult['firstLoadJs'];
  document: PageResult['document'];
  errors: string[];
}

/** The page's document and first-load JS, then nothing else: Lighthouse runs are added one at a time, interleaved. */
async function startMeasuring(url: string, acceptLanguage: string): Promise<Measured> {
  const measured: Measured = { runs: [], firstLoadJs: null, document: null, errors: [] };
  // Fetched first on purpose: the HTML fetch also warms the server's render caches, so
  // Lighthouse's first run is not penalised for a cold start.
  let html: string;
  try {
    html = await (await fetchOk(url, acceptLanguage)).text();
  } catch (error) {
    measured.errors.push(`page: ${String(error)}`);
    return measured;
  }
  measured.document = documentBytes(html);
  try {
    measured.firstLoadJs = await measureFirstLoadJs(html, url, acceptLanguage);
  } catch (error) {
    measured.errors.push(`first-load JS: ${String(error)}`);
  }
  return measured;
}

/**
 * A run Lighthouse could not measure (most often a lost trace, NO_NAVSTART: "Please run Lighthouse
 * again") has no metrics, which would leave the page's median on fewer runs. It is measured again,
 * up to ATTEMPTS_PER_RUN times in all; every lost attempt is still reported, and a run that fails
 * each time counts as failed.
 */
const ATTEMPTS_PER_RUN = 3;

async function lighthouseRun(
  runner: LighthouseRunner,
  measured: Measured,
  url: string,
  acceptLanguage: string,
  run: number,
): Promise<void> {
  for (let attempt = 1; attempt <= ATTEMPTS_PER_RUN; attempt++) {
    const last = attempt === ATTEMPTS_PER_RUN;
    try {
      const both = await runner.run(url, acceptLanguage);
      const figure = (v: number | null, unit = ''): string => (v === null ? '—' : `${Math.round(v)}${unit}`);
      for (const result of both)
        console.error(
          `[bench] ${url} — run ${run}/${RUNS_PER_PAGE} ${result.condition} (CPU ×${result.cpuSlowdownMultiplier}): ` +
            `benchmarkIndex ${figure(result.benchmarkIndex)}, perf ${result.scores.performance ?? '—'}, ` +
            `LCP ${figure(result.lcpMs, ' ms')}, TBT ${figure(result.tbtMs, ' ms')}`,
        );
      const runtimeError = both[0].runtimeError ?? both[1].runtimeError;
      if (runtimeError && !last) {
        measured.errors.push(`run ${run}, attempt ${attempt} (measured again): ${runtimeError}`);
        continue;
      }
      if (runtimeError) measured.errors.push(`run ${run}: ${runtimeError}`);
      measured.runs.push(...both);
    } catch (error) {
      measured.errors.push(`run ${run}: ${String(error)}`);
    }
    return;
  }
}

/** The other sites each of our pages is compared with, by base URL (null: not measured). */
type Others = Record<Comparison, string | null>;

function compared(measured: Measured, path: string, url: string): PeerResult {
  return {
    path,
    url,
    median: summariseRuns(measured.runs, 'default'),
    slow: summariseRuns(measured.runs, 'slow'),
    firstLoadJs: measured.firstLoadJs,
    document: measured.document,
    errors: measured.errors,
  };
}

async function lighthouseSideBySide(runner: LighthouseRunner, ours: string, others: Others): Promise<PageResult[]> {
  const results: PageResult[] = [];
  const peerMeasured = new Map<string, Measured>();
  for (const page of chosenPages()) {
    for (const { locale, prefix, acceptLanguage } of LOCALES.filter((l) => page.locales.includes(l.locale))) {
      const path = localisedPath(page.path, prefix);
      const url = `${ours}${path}`;
      const peerUrl = others.peer === null ? null : `${others.peer}${localisedPath(page.peer, prefix)}`;
      const own = await startMeasuring(url, acceptLanguage);
      // The peer page is measured once, with the first of our pages compared with it.
      const peerFresh = peerUrl !== null && !peerMeasured.has(peerUrl);
      if (peerUrl !== null && peerFresh) peerMeasured.set(peerUrl, await startMeasuring(peerUrl, acceptLanguage));
      const same: { kind: 'limit' | 'baseline'; url: string; measured: Measured }[] = [];
      for (const kind of ['limit', 'baseline'] as const) {
        const base = others[kind];
        if (base !== null) same.push({ kind, url: `${base}${path}`, measured: await startMeasuring(`${base}${path}`, acceptLanguage) });
      }
      // Interleaved run by run, so a change in the machine's load falls on every site alike.
      for (let i = 1; i <= RUNS_PER_PAGE; i++) {
        await lighthouseRun(runner, own, url, acceptLanguage, i);
        for (const other of same) await lighthouseRun(runner, other.measured, other.url, acceptLanguage, i);
        if (peerUrl !== null && peerFresh) await lighthouseRun(runner, peerMeasured.get(peerUrl) as Measured, peerUrl, acceptLanguage, i);
      }
      const theirs = peerUrl === null ? undefined : peerMeasured.get(peerUrl);
      const result: PageResult = {
        path: page.path,
        locale,
        url,
        runs: own.runs,
        median: summariseRuns(own.runs, 'default'),
        slow: summariseRuns(own.runs, 'slow'),
        failedAudits: mergeFailedAudits(own.runs.filter((r) => r.condition === 'default')),
        firstLoadJs: own.firstLoadJs,
        document: own.document,
        errors: own.errors,
        peer: theirs && peerUrl !== null ? compared(theirs, localisedPath(page.peer, prefix), peerUrl) : undefined,
      };
      for (const other of same) result[other.kind] = compared(other.measured, path, other.url);
      results.push(result);
    }
  }
  return results;
}

/** Every public page, from our sitemap (paths only: its host is NEXT_PUBLIC_SITE_URL's). */
async function publicPaths(base: string): Promise<string[]> {
  const xml = await (await fetch(`${base}/sitemap.xml`, { signal: AbortSignal.timeout(30_000) })).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '/').pathname);
}

/** The pid of the server's Next process, where we started it ourselves and can find it. */
function nextPid(server: BenchServer): number | null {
  return server.pgid === undefined ? null : findNextServerPid(server.pgid);
}

/** The RSS of the server's Next process, or null when that process cannot be found. */
function serverRss(server: BenchServer): (() => number | null) | null {
  const pid = nextPid(server);
  return pid === null ? null : () => rssMb(pid);
}

/** A server to load, with its Next process and that process's CPU time where we started it ourselves. */
function loadSite(server: BenchServer): LoadSite {
  const pid = nextPid(server);
  return { base: server.baseUrl, pid, readCpuMs: pid === null ? null : () => cpuMs(pid) };
}

/** The pages measured against the peer, each with the peer page it is compared with. */
const PEER_THROUGHPUT_PAGES = [
  { label: '/', ours: '/', peer: '/', acceptLanguage: LOCALES[0].acceptLanguage },
  { label: '/en', ours: '/en', peer: '/en', acceptLanguage: LOCALES[1].acceptLanguage },
  { label: '/about-us', ours: '/about-us', peer: '/about-us', acceptLanguage: LOCALES[0].acceptLanguage },
  // The peer has no post pages; its blog page is the nearest.
  { label: 'a blog post', ours: BLOG_POST, peer: '/blog', acceptLanguage: LOCALES[0].acceptLanguage },
];

/**
 * The same load through the recommended edge (deploy/nginx/, with its page cache), one in front of
 * our server and one in front of the peer's, as a visitor reaches either in production.
 */
async function throughputThroughEdges(server: BenchServer, peer: BenchServer): Promise<Throughput | null> {
  const edges: Edge[] = [];
  try {
    for (const [site, staticDir] of [
      [server, path.join(ROOT, process.env.NEXT_DIST_DIR || '.next', 'static')],
      // The pages measured load nothing from the peer's static folder; the edge needs one to name.
      [peer, mkdtempSync(path.join(os.tmpdir(), 'bench-peer-static-'))],
    ] as const) {
      edges.push(await startEdge({ root: ROOT, port: await getPort(), upstreams: [Number(new URL(site.baseUrl).port)], staticDir }));
    }
    const [ours, theirs] = edges;
    if (!ours || !theirs) return null;
    // The CPU figures stay those of each Next process behind its edge.
    return await compareThroughput(
      { ...loadSite(server), base: ours.url },
      { ...loadSite(peer), base: theirs.url },
      PEER_THROUGHPUT_PAGES,
      THROUGHPUT,
    );
  } catch (error) {
    console.error(`[bench] no figures through the edge: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  } finally {
    await Promise.all(edges.map((edge) => edge.stop()));
  }
}

export interface MemoryResult {
  site: 'ours' | 'peer';
  pages: number;
  points: MemoryPoint[];
}

function writeJson(data: unknown, startedAt: Date): string {
  const dir = path.join(ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
  const file = path.join(dir, `site-${stamp}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return path.relative(ROOT, file);
}

async function startPeerOrExplain(): Promise<BenchServer | null> {
  if (process.env.BENCH_NO_PEER) return null;
  try {
    return await startPeer(ROOT);
  } catch (error) {
    console.error(
      `[bench] the seed-style peer could not start, so there are no ratios: ${error instanceof Error ? error.message : String(error)}`,
    );
    return null;
  }
}

export interface SiteBenchOptions {
  /** A commit to build and measure beside this checkout (`--baseline <commit>`). */
  baseline?: string;
}

/** Runs the whole site bench. Throws only if the bench itself cannot run. */
export async function runSiteBench(options: SiteBenchOptions = {}): Promise<PageResult[]> {
  const startedAt = new Date();
  const server = await getServer(ROOT);
  const peer = await startPeerOrExplain();
  let limit: ScriptFreeProxy | null = null;
  let baseline: (BenchServer & { sha: string }) | null = null;
  const runner = new LighthouseRunner();
  try {
    if (only.has('lighthouse') && !process.env.BENCH_NO_LIMIT) limit = await startScriptFreeProxy(server.baseUrl);
    if (options.baseline !== undefined) baseline = await startBaseline(ROOT, options.baseline);
    console.error(
      `[bench] measuring ${server.baseUrl}${server.owned ? ' (started by the bench)' : ''}${peer ? `, peer ${peer.baseUrl}` : ''}` +
        `${limit ? `, script-free limit ${limit.baseUrl}` : ''}${baseline ? `, baseline ${baseline.sha.slice(0, 12)} ${baseline.baseUrl}` : ''}`,
    );

    // First, on servers that have served nothing yet: the figure is a fresh server's over 10,000
    // requests, not what Lighthouse's and the throughput runs' bursts left behind.
    const memory: MemoryResult[] = [];
    if (only.has('memory')) {
      const sites: (MemorySite & { site: MemoryResult['site'] })[] = [];
      const ourRss = serverRss(server);
      if (ourRss) sites.push({ site: 'ours', base: server.baseUrl, paths: await publicPaths(server.baseUrl), readRss: ourRss });
      else console.error('[bench] no memory figures: the Next process of our server was not found (external server, or not Linux)');
      const peerRss = peer ? serverRss(peer) : null;
      if (peer && peerRss) {
        const paths = LOCALES.flatMap(({ prefix }) => PEER_PAGES.map((p) => localisedPath(p, prefix)));
        sites.push({ site: 'peer', base: peer.baseUrl, paths, readRss: peerRss });
      }
      const curves = await memoryCurves(sites, MEMORY_CHECKPOINTS, THROUGHPUT.connections);
      sites.forEach(({ site, paths }, index) => memory.push({ site, pages: paths.length, points: curves[index] ?? [] }));
    }

    const results = only.has('lighthouse')
      ? await lighthouseSideBySide(runner, server.baseUrl, {
          peer: peer?.baseUrl ?? null,
          limit: limit?.baseUrl ?? null,
          baseline: baseline?.baseUrl ?? null,
        })
      : [];
    await runner.close();

    // The same pages on this build and the baseline's, which has posts too.
    const baselineThroughput =
      only.has('throughput') && baseline
        ? await compareThroughput(
            loadSite(server),
            loadSite(baseline),
            [
              { label: '/', ours: '/', peer: '/', acceptLanguage: LOCALES[0].acceptLanguage },
              { label: '/en', ours: '/en', peer: '/en', acceptLanguage: LOCALES[1].acceptLanguage },
              { label: '/about-us', ours: '/about-us', peer: '/about-us', acceptLanguage: LOCALES[0].acceptLanguage },
              { label: '/blog', ours: '/blog', peer: '/blog', acceptLanguage: LOCALES[0].acceptLanguage },
              { label: 'a blog post', ours: BLOG_POST, peer: BLOG_POST, acceptLanguage: LOCALES[0].acceptLanguage },
            ],
            THROUGHPUT,
          )
        : null;

    let throughput: Throughput | null = null;
    let throughEdge: Throughput | null = null;
    if (only.has('throughput') && peer) {
      throughput = await compareThroughput(loadSite(server), loadSite(peer), PEER_THROUGHPUT_PAGES, THROUGHPUT);
      throughEdge = await throughputThroughEdges(server, peer);
    }

    if (results.length > 0)
      console.log(formatReport(results, RUNS_PER_PAGE, { slowDeviceIndex: SLOW_DEVICE_BENCHMARK_INDEX, baseline: baseline?.sha }));
    const loadReport = formatLoadReport(throughput, memory, THROUGHPUT);
    if (loadReport) console.log(`\n${loadReport}`);
    const edgeReport = formatLoadReport(throughEdge, [], THROUGHPUT, 'through the edge (deploy/nginx/, the same in front of each)');
    if (edgeReport) console.log(`\n${edgeReport}`);
    if (baseline && baselineThroughput !== null && baselineThroughput.results.length > 0)
      console.log(`\n${formatBaselineThroughput(baselineThroughput, THROUGHPUT, baseline.sha)}`);
    const file = writeJson(
      {
        startedAt: startedAt.toISOString(),
        baseUrl: server.baseUrl,
        peerUrl: peer?.baseUrl ?? null,
        baseline: baseline?.sha ?? null,
        slowDeviceBenchmarkIndex: SLOW_DEVICE_BENCHMARK_INDEX,
        runsPerPage: RUNS_PER_PAGE,
        results,
        throughput,
        throughEdge,
        memory,
      },
      startedAt,
    );
    console.log(`\nRaw results: ${file}`);
    return results;
  } finally {
    await runner.close();
    await limit?.stop();
    await baseline?.stop();
    await peer?.stop();
    await server.stop();
  }
}

/** `--baseline <commit>` (or `--baseline=<commit>`) from the bench's arguments. */
export function siteBenchOptions(argv: readonly string[]): SiteBenchOptions {
  const { values } = parseArgs({ args: [...argv], options: { baseline: { type: 'string' } }, strict: true });
  return values.baseline === undefined ? {} : { baseline: values.baseline };
}

runWhenStarted(import.meta.url, 'site bench', () => runSiteBench(siteBenchOptions(process.argv.slice(2))));
