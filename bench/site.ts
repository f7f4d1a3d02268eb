/**
 * Site bench: Lighthouse mobile (median of 3) and first-load JS for every
 * public page in both locales. Prints a table and PASS/MISS per target, and
 * writes the raw numbers to bench/results/site-<timestamp>.json.
 *
 * Run via `npm run bench` (bench/run-all.ts) or alone: `npx tsx bench/site.ts`.
 * BENCH_BASE_URL=http://host:port measures a running server instead of
 * starting one; BENCH_PATHS=/sign-in,/account adds pages.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { measureFirstLoadJs } from './lib/first-load-js';
import { LighthouseRunner, type LighthouseRun } from './lib/lighthouse';
import { formatReport } from './lib/report';
import { mergeFailedAudits, summariseRuns, type PageResult } from './lib/results';
import { getServer } from './lib/server';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS_PER_PAGE = 3;
const PAGES = ['/', '/about-us', '/vacancies', '/blog', '/contact-us'];
/** nl is the default locale and lives unprefixed; en lives under /en. */
const LOCALES = [
  { locale: 'nl', prefix: '' },
  { locale: 'en', prefix: '/en' },
];

function pagePaths(): string[] {
  const extra = (process.env.BENCH_PATHS ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => (p.startsWith('/') ? p : `/${p}`));
  return [...new Set([...PAGES, ...extra])];
}

function localisedPath(page: string, prefix: string): string {
  if (!prefix) return page;
  return page === '/' ? prefix : `${prefix}${page}`;
}

async function benchPage(
  runner: LighthouseRunner,
  baseUrl: string,
  page: string,
  locale: string,
  prefix: string,
): Promise<PageResult> {
  const url = `${baseUrl}${localisedPath(page, prefix)}`;
  const errors: string[] = [];

  // Measured first on purpose: the HTML fetch also warms the server's render
  // caches, so Lighthouse's first run is not penalised for a cold start.
  let firstLoadJs: PageResult['firstLoadJs'] = null;
  try {
    firstLoadJs = await measureFirstLoadJs(url, locale);
  } catch (error) {
    errors.push(`first-load JS: ${String(error)}`);
  }

  const runs: LighthouseRun[] = [];
  for (let i = 1; i <= RUNS_PER_PAGE; i++) {
    console.error(`[bench] ${url} — Lighthouse run ${i}/${RUNS_PER_PAGE}`);
    try {
      const run = await runner.run(url, locale);
      if (run.runtimeError) errors.push(`run ${i}: ${run.runtimeError}`);
      runs.push(run);
    } catch (error) {
      errors.push(`run ${i}: ${String(error)}`);
    }
  }

  return {
    path: page,
    locale,
    url,
    runs,
    median: summariseRuns(runs),
    failedAudits: mergeFailedAudits(runs),
    firstLoadJs,
    errors,
  };
}

function writeJson(data: unknown, startedAt: Date): string {
  const dir = path.join(ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
  const file = path.join(dir, `site-${stamp}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return path.relative(ROOT, file);
}

/** Runs the whole site bench. Throws only if the bench itself cannot run. */
export async function runSiteBench(): Promise<PageResult[]> {
  const startedAt = new Date();
  const server = await getServer(ROOT);
  const runner = new LighthouseRunner();
  try {
    console.error(`[bench] measuring ${server.baseUrl}${server.owned ? ' (started by the bench)' : ''}`);
    const results: PageResult[] = [];
    for (const page of pagePaths()) {
      for (const { locale, prefix } of LOCALES) {
        results.push(await benchPage(runner, server.baseUrl, page, locale, prefix));
      }
    }
    console.log(formatReport(results, RUNS_PER_PAGE));
    const file = writeJson({ startedAt: startedAt.toISOString(), baseUrl: server.baseUrl, runsPerPage: RUNS_PER_PAGE, results }, startedAt);
    console.log(`\nRaw results: ${file}`);
    return results;
  } finally {
    await runner.close();
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
