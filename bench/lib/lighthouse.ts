/**
 * Lighthouse mobile runs through the Node API, under two conditions:
 * - `default`: Lighthouse's own (Moto G Power emulation, simulated slow 4G, 4× CPU slowdown), what
 *   "Lighthouse mobile" means in the targets. 4× is relative to the host, so a fast host flatters it.
 * - `slow`: the same with a CPU slowdown calibrated from the host's benchmarkIndex (Lighthouse's
 *   throttling guide, "Calibrating the CPU slowdown"): host index / SLOW_DEVICE_BENCHMARK_INDEX, so it
 *   stands for the same slow phone on any host.
 * Lighthouse's default throttling is simulated: it loads the page once, unthrottled, and computes
 * the metrics for the slowdown asked. So each run loads the page once, keeps what it gathered, and
 * audits it twice: at 4×, and at the slowdown calibrated from the benchmarkIndex measured in that
 * very load, which a busy shared host changes from one minute to the next.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface FailedAudit {
  category: Category;
  id: string;
  title: string;
  score: number;
  displayValue?: string;
  /** Lighthouse's own reason, e.g. which canonical URL is wrong. */
  explanation?: string;
  /** A few offending items (URLs, console messages) so the report is actionable. */
  examples: string[];
}

export type ConditionName = 'default' | 'slow';

/**
 * The slow condition's device: benchmarkIndex 200, the lower part of the mid-tier mobile range
 * (125–800) in Lighthouse's throttling guide, well below what 4× makes of a high-end desktop
 * (1500–2000). BENCH_SLOW_BENCHMARK_INDEX picks another.
 */
export const SLOW_DEVICE_BENCHMARK_INDEX = Number(process.env.BENCH_SLOW_BENCHMARK_INDEX ?? 200);

/** The CPU slowdown that makes a host of `hostIndex` behave like a device of `deviceIndex`; never below 1 (no speed-up). */
export function calibratedSlowdown(hostIndex: number, deviceIndex = SLOW_DEVICE_BENCHMARK_INDEX): number {
  return Math.max(1, Math.round((hostIndex / deviceIndex) * 10) / 10);
}

export interface LighthouseRun {
  condition: ConditionName;
  /** Lighthouse's measure of the host's CPU at the start of the run (lhr.environment.benchmarkIndex). */
  benchmarkIndex: number | null;
  cpuSlowdownMultiplier: number;
  scores: Record<Category, number | null>;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  /** Script bytes over the wire as Lighthouse saw them (what compare.mjs calls first-load JS), in KB. */
  jsTransferKb: number | null;
  /** The page's own document over the wire as Lighthouse saw it, headers included: what its network simulation sends. */
  documentTransferKb: number | null;
  failedAudits: FailedAudit[];
  runtimeError?: string;
  warnings: string[];
}

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox', // we may run as root in a container, where the sandbox cannot start
  '--disable-gpu',
  // Background traffic (updates, sync) would add noise to the network timings.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const FLAGS: Flags = {
  output: 'json',
  logLevel: 'error',
  onlyCategories: [...CATEGORIES], // PWA etc. are not targets; skipping them saves time
  // The site loads Google Analytics from googletagmanager.com, which is
  // unreachable from this sandbox (no internet): the request would hang until
  // Lighthouse's load timeout and distort every timing. The bench measures our
  // site, not a third party, so we block those hosts outright.
  blockedUrlPatterns: ['*googletagmanager.com*', '*google-analytics.com*'],
};

/** Below this a perf audit is worth naming in the report; tiny deductions are noise. */
const PERF_AUDIT_REPORT_BELOW = 0.9;

function numeric(lhr: Result, auditId: string): number | null {
  const value = lhr.audits[auditId]?.numericValue;
  return typeof value === 'number' ? value : null;
}

const MAX_EXAMPLES = 3;

/** Picks the human-readable bits out of an audit's table/list details. */
function examples(details: Result['audits'][string]['details']): string[] {
  if (!details || !('items' in details) || !Array.isArray(details.items)) return [];
  const found: string[] = [];
  for (const item of details.items as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const record = item as Record<string, unknown>;
    // A console error's description alone ("Failed to load resource: 500")
    // does not say which resource, so keep the URL next to it.
    const location = record.sourceLocation as { url?: unknown } | undefined;
    const text = [record.description, record.url, location?.url, record.reason]
      .filter((v): v is string => typeof v === 'string' && v !== '')
      .slice(0, 2)
      .join(' — ');
    if (text) found.push(text.slice(0, 200));
    if (found.length >= MAX_EXAMPLES) break;
  }
  return found;
}

function failedAudits(lhr: Result): FailedAudit[] {
  const failed: FailedAudit[] = [];
  for (const category of CATEGORIES) {
    const threshold = category === 'performance' ? PERF_AUDIT_REPORT_BELOW : 1;
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      // Informative / manual / not-applicable audits have score null and do not count.
      if (!audit || audit.score === null || audit.score >= threshold) continue;
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'manual') continue;
      failed.push({
        category,
        id: ref.id,
        title: audit.title,
        score: audit.score,
        displayValue: audit.displayValue,
        explanation: audit.explanation,
        examples: examples(audit.details),
      });
    }
  }
  return failed;
}

type NetworkRequest = { resourceType?: unknown; transferSize?: unknown };

function networkRequests(lhr: Result): NetworkRequest[] | null {
  const details = lhr.audits['network-requests']?.details;
  if (!details || !('items' in details) || !Array.isArray(details.items)) return null;
  return details.items as NetworkRequest[];
}

function scriptTransferKb(lhr: Result): number | null {
  const items = networkRequests(lhr);
  if (items === null) return null;
  let bytes = 0;
  for (const item of items) if (item.resourceType === 'Script' && typeof item.transferSize === 'number') bytes += item.transferSize;
  return bytes / 1024;
}

/** The first document requested is the page itself (frames, if any, come later). */
function documentTransferKb(lhr: Result): number | null {
  const size = networkRequests(lhr)?.find((item) => item.resourceType === 'Document')?.transferSize;
  return typeof size === 'number' ? size / 1024 : null;
}

function summarise(lhr: Result, condition: ConditionName): LighthouseRun {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? null])) as Record<Category, number | null>;
  return {
    condition,
    benchmarkIndex: lhr.environment.benchmarkIndex ?? null,
    cpuSlowdownMultiplier: lhr.configSettings.throttling.cpuSlowdownMultiplier ?? 4,
    scores,
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    jsTransferKb: scriptTransferKb(lhr),
    documentTransferKb: documentTransferKb(lhr),
    failedAudits: failedAudits(lhr),
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined,
    warnings: lhr.runWarnings.map(String),
  };
}

/**
 * One Chrome serves all runs (launching costs seconds each time); Lighthouse
 * opens a fresh tab and resets storage per run, so runs stay independent. If
 * Chrome dies mid-bench we relaunch it once and retry that run.
 */
export class LighthouseRunner {
  private chrome: chromeLauncher.LaunchedChrome | undefined;

  private async ensureChrome(): Promise<chromeLauncher.LaunchedChrome> {
    this.chrome ??= await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: CHROME_FLAGS,
      logLevel: 'silent',
    });
    return this.chrome;
  }

  /**
   * `acceptLanguage` is sent with every request: the site picks the locale
   * from Accept-Language on a first visit, and headless Chrome says en-US,
   * so without it every unprefixed (nl) page would be a redirect to /en and
   * we would measure the English page plus a redirect.
   */
  /** One load of `url`, as each condition sees it: `[default, slow]`. */
  async run(url: string, acceptLanguage: string): Promise<[LighthouseRun, LighthouseRun]> {
    for (let attempt = 1; ; attempt++) {
      const saved = await mkdtemp(path.join(os.tmpdir(), 'bench-lighthouse-'));
      try {
        const chrome = await this.ensureChrome();
        const loaded = await lighthouse(url, {
          ...FLAGS,
          // Gathers, keeps the artifacts in `saved`, and audits them under Lighthouse's defaults.
          gatherMode: saved,
          auditMode: saved,
          port: chrome.port,
          extraHeaders: { 'Accept-Language': acceptLanguage },
        });
        if (!loaded) throw new Error('Lighthouse returned no result');
        const asDefault = summarise(loaded.lhr, 'default');
        const slowdown = asDefault.benchmarkIndex === null ? 4 : calibratedSlowdown(asDefault.benchmarkIndex);
        // The same artifacts again, no browser: only the simulated CPU differs. Lighthouse audits saved
        // artifacts only under the settings they were gathered with, and in simulated throttling the
        // slowdown plays no part in gathering, so the saved settings are given the slow one.
        const artifactsFile = path.join(saved, 'artifacts.json');
        const artifacts = JSON.parse(await readFile(artifactsFile, 'utf8')) as {
          settings: { throttling: { cpuSlowdownMultiplier: number } };
        };
        artifacts.settings.throttling.cpuSlowdownMultiplier = slowdown;
        await writeFile(artifactsFile, JSON.stringify(artifacts));
        const slow = await lighthouse(url, {
          ...FLAGS,
          auditMode: saved,
          extraHeaders: { 'Accept-Language': acceptLanguage },
          throttling: { cpuSlowdownMultiplier: slowdown },
        });
        if (!slow) throw new Error('Lighthouse returned no result for the slow condition');
        return [asDefault, summarise(slow.lhr, 'slow')];
      } catch (error) {
        await this.close();
        if (attempt >= 2) throw error;
        console.error(`[bench] Lighthouse failed on ${url} (${String(error)}); relaunching Chrome and retrying`);
      } finally {
        await rm(saved, { recursive: true, force: true });
      }
    }
  }

  async close(): Promise<void> {
    const chrome = this.chrome;
    this.chrome = undefined;
    if (chrome) {
      try {
        chrome.kill();
      } catch {
        // Already dead, which is what we wanted.
      }
    }
  }
}
