/**
 * Site bench, side by side with the seed-style peer (../shared/peer, see lib/peer.ts):
 * - Lighthouse mobile (median of BENCH_RUNS, default 5) and first-load JS per public page and
 *   locale, our run and the peer's run interleaved, with ratios ours / peer;
 * - requests per second under 20 connections on /, /en, /about-us and a blog post, interleaved;
 * - the Next server's RSS after 1,000, 5,000 and 10,000 requests across all public pages.
 * Prints tables and PASS/MISS per target, and writes the raw numbers to
 * bench/results/site-<timestamp>.json.
 *
 * Run via `npm run bench` (bench/run-all.ts) or alone: `npx tsx bench/site.ts`.
 * BENCH_BASE_URL=http://host:port measures a running server instead of starting one (no memory
 * figures then); BENCH_PATHS=/sign-in,/account adds pages; BENCH_NO_PEER=1 skips the peer;
 * BENCH_ONLY=lighthouse,throughput,memory runs a part.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { measureFirstLoadJs } from './lib/first-load-js';
import { LighthouseRunner, type LighthouseRun } from './lib/lighthouse';
import { compareThroughput, memoryCurve, type MemoryPoint, type ThroughputResult } from './lib/load';
import { startPeer } from './lib/peer';
import { findNextServerPid, rssMb } from './lib/processes';
import { formatLoadReport, formatReport } from './lib/report';
import { mergeFailedAudits, summariseRuns, type PageResult, type PeerResult } from './lib/results';
import { getServer, type BenchServer } from './lib/server';

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
const MEMORY_CHECKPOINTS = [1_000, 5_000, 10_000];

function localisedPath(page: string, prefix: string): string {
  if (!prefix) return page;
  return page === '/' ? prefix : `${prefix}${page}`;
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
  errors: string[];
}

/** First-load JS, then nothing else: Lighthouse runs are added one at a time, interleaved. */
async function startMeasuring(url: string, acceptLanguage: string): Promise<Measured> {
  const measured: Measured = { runs: [], firstLoadJs: null, errors: [] };
  // Measured first on purpose: the HTML fetch also warms the server's render caches, so
  // Lighthouse's first run is not penalised for a cold start.
  try {
    measured.firstLoadJs = await measureFirstLoadJs(url, acceptLanguage);
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
  console.error(`[bench] ${url} — Lighthouse run ${run}/${RUNS_PER_PAGE}`);
  for (let attempt = 1; attempt <= ATTEMPTS_PER_RUN; attempt++) {
    const last = attempt === ATTEMPTS_PER_RUN;
    try {
      const result = await runner.run(url, acceptLanguage);
      if (result.runtimeError && !last) {
        measured.errors.push(`run ${run}, attempt ${attempt} (measured again): ${result.runtimeError}`);
        continue;
      }
      if (result.runtimeError) measured.errors.push(`run ${run}: ${result.runtimeError}`);
      measured.runs.push(result);
    } catch (error) {
      measured.errors.push(`run ${run}: ${String(error)}`);
    }
    return;
  }
}

async function lighthouseSideBySide(runner: LighthouseRunner, ours: string, peer: string | null): Promise<PageResult[]> {
  const results: PageResult[] = [];
  const peerMeasured = new Map<string, Measured>();
  for (const page of [...PAGES, ...extraPages()]) {
    for (const { locale, prefix, acceptLanguage } of LOCALES.filter((l) => page.locales.includes(l.locale))) {
      const url = `${ours}${localisedPath(page.path, prefix)}`;
      const peerUrl = peer === null ? null : `${peer}${localisedPath(page.peer, prefix)}`;
      const own = await startMeasuring(url, acceptLanguage);
      // The peer page is measured once, with the first of our pages compared with it.
      const peerFresh = peerUrl !== null && !peerMeasured.has(peerUrl);
      if (peerUrl !== null && peerFresh) peerMeasured.set(peerUrl, await startMeasuring(peerUrl, acceptLanguage));
      for (let i = 1; i <= RUNS_PER_PAGE; i++) {
        await lighthouseRun(runner, own, url, acceptLanguage, i);
        if (peerUrl !== null && peerFresh) await lighthouseRun(runner, peerMeasured.get(peerUrl) as Measured, peerUrl, acceptLanguage, i);
      }
      const theirs = peerUrl === null ? undefined : peerMeasured.get(peerUrl);
      const peerResult: PeerResult | undefined =
        theirs && peerUrl !== null
          ? {
              path: localisedPath(page.peer, prefix),
              url: peerUrl,
              median: summariseRuns(theirs.runs),
              firstLoadJs: theirs.firstLoadJs,
              errors: theirs.errors,
            }
          : undefined;
      results.push({
        path: page.path,
        locale,
        url,
        runs: own.runs,
        median: summariseRuns(own.runs),
        failedAudits: mergeFailedAudits(own.runs),
        firstLoadJs: own.firstLoadJs,
        errors: own.errors,
        peer: peerResult,
      });
    }
  }
  return results;
}

/** Every public page, from our sitemap (paths only: its host is NEXT_PUBLIC_SITE_URL's). */
async function publicPaths(base: string): Promise<string[]> {
  const xml = await (await fetch(`${base}/sitemap.xml`, { signal: AbortSignal.timeout(30_000) })).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '/').pathname);
}

function serverRss(server: BenchServer): (() => number | null) | null {
  if (server.pgid === undefined) return null;
  const pid = findNextServerPid(server.pgid);
  return pid === null ? null : () => rssMb(pid);
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

/** Runs the whole site bench. Throws only if the bench itself cannot run. */
export async function runSiteBench(): Promise<PageResult[]> {
  const startedAt = new Date();
  const server = await getServer(ROOT);
  const peer = await startPeerOrExplain();
  const runner = new LighthouseRunner();
  try {
    console.error(
      `[bench] measuring ${server.baseUrl}${server.owned ? ' (started by the bench)' : ''}${peer ? `, peer ${peer.baseUrl}` : ''}`,
    );

    const results = only.has('lighthouse') ? await lighthouseSideBySide(runner, server.baseUrl, peer?.baseUrl ?? null) : [];
    await runner.close();

    let throughput: ThroughputResult[] = [];
    if (only.has('throughput') && peer) {
      throughput = await compareThroughput(
        server.baseUrl,
        peer.baseUrl,
        [
          { label: '/', ours: '/', peer: '/', acceptLanguage: LOCALES[0].acceptLanguage },
          { label: '/en', ours: '/en', peer: '/en', acceptLanguage: LOCALES[1].acceptLanguage },
          { label: '/about-us', ours: '/about-us', peer: '/about-us', acceptLanguage: LOCALES[0].acceptLanguage },
          // The peer has no post pages; its blog page is the nearest.
          { label: 'a blog post', ours: BLOG_POST, peer: '/blog', acceptLanguage: LOCALES[0].acceptLanguage },
        ],
        THROUGHPUT,
      );
    }

    const memory: MemoryResult[] = [];
    if (only.has('memory')) {
      const ourRss = serverRss(server);
      if (ourRss) {
        const paths = await publicPaths(server.baseUrl);
        memory.push({
          site: 'ours',
          pages: paths.length,
          points: await memoryCurve(server.baseUrl, paths, MEMORY_CHECKPOINTS, ourRss, THROUGHPUT.connections),
        });
      } else console.error('[bench] no memory figures: the Next process of our server was not found (external server, or not Linux)');
      const peerRss = peer ? serverRss(peer) : null;
      if (peer && peerRss) {
        const paths = LOCALES.flatMap(({ prefix }) =>
          ['/', '/about-us', '/vacancies', '/blog', '/contact-us'].map((p) => localisedPath(p, prefix)),
        );
        memory.push({
          site: 'peer',
          pages: paths.length,
          points: await memoryCurve(peer.baseUrl, paths, MEMORY_CHECKPOINTS, peerRss, THROUGHPUT.connections),
        });
      }
    }

    if (results.length > 0) console.log(formatReport(results, RUNS_PER_PAGE));
    const loadReport = formatLoadReport(throughput, memory, THROUGHPUT);
    if (loadReport) console.log(`\n${loadReport}`);
    const file = writeJson(
      {
        startedAt: startedAt.toISOString(),
        baseUrl: server.baseUrl,
        peerUrl: peer?.baseUrl ?? null,
        runsPerPage: RUNS_PER_PAGE,
        results,
        throughput,
        memory,
      },
      startedAt,
    );
    console.log(`\nRaw results: ${file}`);
    return results;
  } finally {
    await runner.close();
    await peer?.stop();
    await server.stop();
  }
}

// Allow `tsx bench/site.ts` on its own; run-all imports it instead.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runSiteBench().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`[bench] site bench could not run: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
