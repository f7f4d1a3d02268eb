/**
 * Usable at first paint, on a real load: every public page in both languages, in Chromium with
 * applied throttling (Lighthouse's mobile network, Slow 4G, applied by DevTools rather than
 * simulated, and a CPU slowdown calibrated from the host's benchmarkIndex), through the edge
 * (deploy/nginx/) in front of two instances, against the same HTML without any script
 * (lib/script-free.ts, in front of the same edge). Each page is loaded cold, twice per run:
 * - a load left alone: first paint, largest contentful paint, and total blocking time (every long
 *   task after the first contentful paint, minus its first 50 ms, until the page is quiet);
 * - a load with a tap on the menu button as soon as the first paint is there, repeated until the
 *   drawer is open: the time from first paint to an open drawer, the figure a visitor feels.
 * Runs are interleaved (site, script-free, site, …), medians are printed with the ratio site /
 * script-free, and the raw numbers go to bench/results/first-paint-<timestamp>.json.
 *
 * `npx tsx bench/first-paint.ts`; BENCH_RUNS (default 3) runs per page and condition, BENCH_PAGES=/,/en/blog
 * limits the pages, BENCH_SLOW_BENCHMARK_INDEX picks the device (lib/lighthouse.ts). With
 * `--baseline <commit>`, that commit's build (lib/baseline.ts) is a third condition, behind an edge
 * of its own.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { chromium, type Browser, type Page } from '@playwright/test';
import getPort from 'get-port';

import { startBaseline } from './lib/baseline';
import { calibratedSlowdown, LighthouseRunner, SLOW_DEVICE_BENCHMARK_INDEX } from './lib/lighthouse';
import { runWhenStarted } from './lib/run-bench';
import { startScriptFreeProxy } from './lib/script-free';
import { startSite, type BenchServer } from './lib/server';
import { chromiumArgs, chromiumPath } from '../config/chromium';
import { startEdge } from '../scripts/lib/edge';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PAGES = (
  process.env.BENCH_PAGES ??
  '/,/en,/about-us,/en/about-us,/vacancies,/en/vacancies,/blog,/en/blog,/contact-us,/en/contact-us,/blog/wanneer-kies-je-voor-maatwerk,/vacancies/senior-full-stack-developer,/privacy'
)
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);

/** Lighthouse's mobile Slow 4G as DevTools applies it (its "devtools" throttling constants). */
const NETWORK = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
/** Lighthouse's mobile device: a Moto G Power's screen. */
const DEVICE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
/** A load is over when no long task and no request has happened for this long, or at the cap. */
const QUIET_MS = 2_000;
const CAP_MS = 30_000;

type Load = { firstPaintMs: number; lcpMs: number; tbtMs: number };
type Tap = { tapToOpenMs: number; taps: number };
type Figures = { loads: Load[]; taps: Tap[] };

/** What RECORDER keeps in the page, and when it is read (performance.now()). */
type Recorded = { lcp: number; longTasks: [start: number, duration: number][]; openedAt: number | null };
declare global {
  interface Window {
    __bench?: Recorded;
  }
}

/** The page's record so far, and the page's clock at the moment it is read. */
const recordedBy = (page: Page) =>
  page.evaluate(() => ({ ...(window.__bench ?? { lcp: 0, longTasks: [], openedAt: null }), now: performance.now() }));

// Recorded by the page itself, from the start of the navigation: the buffered observers see
// entries from before the script ran. 'toggle' does not bubble, so it is caught on the way down.
const RECORDER = `
window.__bench = { lcp: 0, longTasks: [], openedAt: null };
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__bench.lcp = e.startTime; })
  .observe({ type: 'largest-contentful-paint', buffered: true });
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__bench.longTasks.push([e.startTime, e.duration]); })
  .observe({ type: 'longtask', buffered: true });
addEventListener('toggle', (e) => {
  if (e.target instanceof HTMLDialogElement && e.newState === 'open' && window.__bench.openedAt === null) window.__bench.openedAt = performance.now();
}, true);
`;

async function throttledPage(browser: Browser, slowdown: number): Promise<Page> {
  const context = await browser.newContext({ ...DEVICE, locale: 'nl-NL' });
  await context.addInitScript(RECORDER);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  return page;
}

const paintAt = (page: Page, name: string) =>
  page.evaluate((n) => performance.getEntriesByType('paint').find((e) => e.name === n)?.startTime ?? null, name);

async function waitFor<T>(probe: () => Promise<T | null>, cap = CAP_MS): Promise<T> {
  const end = Date.now() + cap;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function measureLoad(browser: Browser, url: string, slowdown: number): Promise<Load> {
  const page = await throttledPage(browser, slowdown);
  try {
    let lastRequest = Date.now();
    page.on('request', () => (lastRequest = Date.now()));
    await page.goto(url, { waitUntil: 'load', timeout: CAP_MS * 2 });
    const started = Date.now();
    for (;;) {
      const { longTasks, now } = await recordedBy(page);
      const last = longTasks[longTasks.length - 1];
      const lastTaskEnd = last ? now - (last[0] + last[1]) : Infinity;
      if ((lastTaskEnd > QUIET_MS && Date.now() - lastRequest > QUIET_MS) || Date.now() - started > CAP_MS) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const fcp = (await paintAt(page, 'first-contentful-paint')) ?? 0;
    const recorded = await recordedBy(page);
    const tbtMs = recorded.longTasks.filter(([start]) => start >= fcp).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    return { firstPaintMs: (await paintAt(page, 'first-paint')) ?? fcp, lcpMs: recorded.lcp, tbtMs };
  } finally {
    await page.context().close();
  }
}

async function measureTap(browser: Browser, url: string, slowdown: number): Promise<Tap> {
  const page = await throttledPage(browser, slowdown);
  try {
    await page.goto(url, { waitUntil: 'commit', timeout: CAP_MS });
    const firstPaint = await waitFor(() => paintAt(page, 'first-paint'));
    const button = page.locator('button[aria-haspopup="dialog"]').first();
    let taps = 0;
    for (const end = Date.now() + CAP_MS; Date.now() < end;) {
      const box = await button.boundingBox();
      if (box) {
        await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
        taps += 1;
      }
      const opened = (await recordedBy(page)).openedAt;
      if (opened !== null) return { tapToOpenMs: Math.max(0, opened - firstPaint), taps };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`the drawer never opened on ${url}`);
  } finally {
    await page.context().close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
};
const ms = (value: number) => `${Math.round(value)}`.padStart(6);
const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×`.padStart(6) : '     —');

const edgeInFront = async (upstreams: BenchServer[], staticDir: string) =>
  startEdge({ root: ROOT, port: await getPort(), upstreams: upstreams.map((server) => Number(new URL(server.baseUrl).port)), staticDir });

export async function runFirstPaintBench(baseline?: string): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-first-paint-'));
  const servers: BenchServer[] = [];
  const runner = new LighthouseRunner();
  let browser: Browser | undefined;
  const stops: (() => Promise<void>)[] = [];
  try {
    for (let i = 0; i < 2; i += 1) servers.push(await startSite(ROOT, dataDir));
    const edge = await edgeInFront(servers, path.join(ROOT, process.env.NEXT_DIST_DIR || '.next', 'static'));
    stops.push(edge.stop);
    const scriptFree = await startScriptFreeProxy(edge.url);
    stops.push(scriptFree.stop);
    const conditions: Record<string, string> = { site: edge.url };
    if (baseline) {
      const base = await startBaseline(ROOT, baseline);
      servers.push(base);
      const baseEdge = await edgeInFront([base], path.join(base.dir, '.next', 'static'));
      stops.push(baseEdge.stop);
      conditions[`baseline ${base.sha.slice(0, 7)}`] = baseEdge.url;
    }
    conditions['no scripts'] = scriptFree.baseUrl;

    // The host's benchmarkIndex, as Lighthouse measures it, decides the CPU slowdown.
    const [probe] = await runner.run(`${edge.url}/`, 'nl-NL,nl;q=0.9');
    const benchmarkIndex = probe.benchmarkIndex;
    const slowdown = benchmarkIndex === null ? 4 : calibratedSlowdown(benchmarkIndex);
    await runner.close();
    console.log(
      `  through the edge (${edge.url}, two instances); benchmarkIndex ${benchmarkIndex ?? '—'}, CPU slowdown ${slowdown}× ` +
        `(a device of ${SLOW_DEVICE_BENCHMARK_INDEX}), Slow 4G applied, ${RUNS} run(s) per page and condition`,
    );

    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    const results: Record<string, Record<string, Figures>> = {};
    for (const page of PAGES) {
      const figuresOf: Record<string, Figures> = Object.fromEntries(Object.keys(conditions).map((name) => [name, { loads: [], taps: [] }]));
      results[page] = figuresOf;
      for (let run = 0; run < RUNS; run += 1) {
        for (const [name, base] of Object.entries(conditions)) {
          const figures = figuresOf[name] ?? { loads: [], taps: [] };
          figures.loads.push(await measureLoad(browser, `${base}${page}`, slowdown));
          figures.taps.push(await measureTap(browser, `${base}${page}`, slowdown));
        }
      }
    }

    const names = Object.keys(conditions);
    console.log(`  medians in ms, per condition (${names.join(' | ')}), and each against "no scripts":`);
    const row = (label: string, of: (figures: Figures) => number) => {
      for (const [page, byCondition] of Object.entries(results)) {
        const none = of(byCondition['no scripts'] ?? { loads: [], taps: [] });
        const cells = names.map((name) => {
          const value = of(byCondition[name] ?? { loads: [], taps: [] });
          return name === 'no scripts' ? ms(value) : `${ms(value)} ${ratio(value, none)}`;
        });
        console.log(`  ${label.padEnd(22)} ${page.padEnd(40)} ${cells.join('  ')}`);
      }
    };
    row('first paint', (f) => median(f.loads.map((l) => l.firstPaintMs)));
    row('LCP', (f) => median(f.loads.map((l) => l.lcpMs)));
    row('first paint → drawer', (f) => median(f.taps.map((t) => t.tapToOpenMs)));
    row('taps until open', (f) => median(f.taps.map((t) => t.taps)));
    row('TBT', (f) => median(f.loads.map((l) => l.tbtMs)));
    for (const name of names) {
      const taps = Object.values(results).flatMap((byCondition) => byCondition[name]?.taps ?? []);
      console.log(
        `  ${name}: ${taps.filter((t) => t.taps === 1).length} of ${taps.length} first taps opened the drawer; max first paint → open ${ms(Math.max(...taps.map((t) => t.tapToOpenMs)))} ms`,
      );
    }
    const outDir = path.join(ROOT, 'bench', 'results');
    mkdirSync(outDir, { recursive: true });
    const file = path.join(outDir, `first-paint-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, JSON.stringify({ benchmarkIndex, slowdown, network: NETWORK, device: DEVICE, runs: RUNS, results }, null, 2));
    console.log(`  raw figures: ${path.relative(ROOT, file)}`);
  } finally {
    await browser?.close();
    await runner.close().catch(() => undefined);
    for (const stop of stops.reverse()) await stop();
    await Promise.all(servers.map((server) => server.stop()));
    await rm(dataDir, { recursive: true, force: true });
  }
}

runWhenStarted(import.meta.url, 'first-paint bench', () =>
  runFirstPaintBench(parseArgs({ options: { baseline: { type: 'string' } }, allowPositionals: true }).values.baseline),
);
