/**
 * Lighthouse mobile runs through the Node API. Default config = mobile form
 * factor (Moto G Power emulation) with simulated slow-4G + 4x CPU throttling,
 * which is what "Lighthouse mobile" means in the targets.
 */
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

export interface LighthouseRun {
  scores: Record<Category, number | null>;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  /** Script bytes over the wire as Lighthouse saw them (what compare.mjs calls first-load JS), in KB. */
  jsTransferKb: number | null;
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

function scriptTransferKb(lhr: Result): number | null {
  const details = lhr.audits['network-requests']?.details;
  if (!details || !('items' in details) || !Array.isArray(details.items)) return null;
  let bytes = 0;
  for (const item of details.items as { resourceType?: unknown; transferSize?: unknown }[]) {
    if (item.resourceType === 'Script' && typeof item.transferSize === 'number') bytes += item.transferSize;
  }
  return bytes / 1024;
}

function summarise(lhr: Result): LighthouseRun {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? null])) as Record<Category, number | null>;
  return {
    scores,
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    jsTransferKb: scriptTransferKb(lhr),
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
  async run(url: string, acceptLanguage: string): Promise<LighthouseRun> {
    for (let attempt = 1; ; attempt++) {
      try {
        const chrome = await this.ensureChrome();
        const result = await lighthouse(url, {
          ...FLAGS,
          port: chrome.port,
          extraHeaders: { 'Accept-Language': acceptLanguage },
        });
        if (!result) throw new Error('Lighthouse returned no result');
        return summarise(result.lhr);
      } catch (error) {
        await this.close();
        if (attempt >= 2) throw error;
        console.error(`[bench] Lighthouse failed on ${url} (${String(error)}); relaunching Chrome and retrying`);
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
