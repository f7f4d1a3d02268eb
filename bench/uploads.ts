/**
 * `npm run bench` (or `tsx bench/uploads.ts`): the application form's uploads.
 *
 * - the time to send one application with a 10 MB CV, median of a few, through the same
 *   endpoint and in the same multipart shape as the browser's form;
 * - the Next server's RSS while 20 such applications arrive at once: before, the peak (sampled
 *   every 25 ms) and the growth. Target: under 100 MB of growth, which only holds if the files
 *   stream to disk instead of being held in memory.
 *
 * It runs its own production server against its own embedded backend (a temporary data folder), with one trusted proxy so each simulated applicant has its own address, and
 * deletes what it stored afterwards.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { deleteBenchApplications } from './lib/bench-applications';
import { findNextServerPid, rssMb } from './lib/processes';
import { runWhenStarted } from './lib/run-bench';
import { benchAdmin, startSite } from './lib/server';
import { pdf } from '../e2e/support/application-files';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CV_BYTES = 10 * 1024 * 1024 - 4096;
const SINGLE_RUNS = 5;
const CONCURRENT = 20;
const SAMPLE_MS = 25;
const TARGET_GROWTH_MB = 100;

type UploadResult = { status: string; ms: number };

let applicant = 0;
async function apply(baseUrl: string, cv: Blob): Promise<UploadResult> {
  applicant += 1;
  const form = new FormData();
  const fields = {
    locale: 'nl',
    vacancy: 'senior-full-stack-developer',
    name: 'Bench Applicant',
    email: `bench-${applicant}@example.nl`,
    motivation: 'x'.repeat(200),
    consent: 'on',
  };
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set('cv', cv, 'cv.pdf');
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/applications`, {
    method: 'POST',
    body: form,
    // A documentation-range address per applicant, so the per-visitor limit never applies.
    headers: { accept: 'application/json', 'x-forwarded-for': `198.51.100.${applicant % 250}` },
  });
  const body = (await response.json()) as { status: string; reason?: string };
  return { status: body.reason ?? body.status, ms: performance.now() - started };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

export async function runUploadBench(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-uploads-'));
  const server = await startSite(ROOT, dataDir, { TRUSTED_PROXY_COUNT: '1' });
  const { baseUrl } = server;
  const admin = benchAdmin();
  try {
    const pid = server.pgid === undefined ? null : findNextServerPid(server.pgid);
    if (pid === null) throw new Error('the Next server process was not found (not Linux?)');
    const cv = new Blob([new Uint8Array(pdf({ padTo: CV_BYTES }))], { type: 'application/pdf' });

    await apply(baseUrl, new Blob([new Uint8Array(pdf())], { type: 'application/pdf' })); // warm-up: compile the route, open pools
    const single: UploadResult[] = [];
    for (let i = 0; i < SINGLE_RUNS; i++) single.push(await apply(baseUrl, cv));
    await admin.from('rate_limit_hits').delete().neq('bucket', '');

    const before = rssMb(pid) ?? NaN;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid) ?? 0);
    }, SAMPLE_MS);
    const started = performance.now();
    const concurrent = await Promise.all(Array.from({ length: CONCURRENT }, () => apply(baseUrl, cv)));
    const wall = performance.now() - started;
    clearInterval(sampler);
    const after = rssMb(pid) ?? NaN;

    const statuses = (results: UploadResult[]) => [...new Set(results.map((r) => r.status))].join(', ');
    const growth = peak - before;
    console.log(`Upload bench (${baseUrl}, 10 MB CV = ${(CV_BYTES / 1024 / 1024).toFixed(2)} MiB)`);
    console.log(
      `  one application with a 10 MB CV: median ${median(single.map((r) => r.ms)).toFixed(0)} ms of ${SINGLE_RUNS} (${single.map((r) => r.ms.toFixed(0)).join(', ')} ms; ${statuses(single)})`,
    );
    console.log(
      `  ${CONCURRENT} at once: all answered in ${wall.toFixed(0)} ms, median ${median(concurrent.map((r) => r.ms)).toFixed(0)} ms each (${statuses(concurrent)})`,
    );
    console.log(`  Next server RSS: ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB, ${after.toFixed(0)} MB after`);
    console.log(
      `  ${growth < TARGET_GROWTH_MB ? 'MET ' : 'MISS'} memory growth during ${CONCURRENT} uploads: ${growth.toFixed(0)} MB (target < ${TARGET_GROWTH_MB} MB)`,
    );
    if (concurrent.some((r) => r.status !== 'received') || single.some((r) => r.status !== 'received')) {
      console.log('  MISS not every upload was received (see the statuses above)');
    }
  } finally {
    await deleteBenchApplications(admin, 'bench-%@example.nl');
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

runWhenStarted(import.meta.url, 'upload bench', runUploadBench);
