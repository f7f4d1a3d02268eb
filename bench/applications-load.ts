/**
 * `npm run bench` (or `tsx bench/applications-load.ts`): applications under load.
 *
 * 500 applications with a small PDF, 50 at a time, each from its own client address through the
 * one trusted proxy the server is told about (X-Forwarded-For, TRUSTED_PROXY_COUNT=1), against a
 * production server started as `npm start` starts it, on an embedded backend of its own.
 * Reported: sent, received, refused by a limit (each refusal must be a clear answer), other
 * failures, unclear answers (no JSON, a 5xx, a dropped connection), stored (complete rows, file
 * rows and Storage objects), lost (told "received" but not all stored; target 0), stored while
 * told otherwise (target 0), queued mails, p50 and p99 latency, and the Next server's RSS.
 *
 * The site-wide cap of 100 applications an hour would refuse 400 of the 500 as "busy": the bench
 * raises it through its documented setting, APPLICATION_SITE_CAP_PER_HOUR (1,000 here), so the
 * load runs through the whole pipeline (limits, checks, rows, Storage, outbox). The cap's own
 * refusals are tested in supabase/tests and shown to admins; BENCH_LOAD_SITE_CAP=100 runs the
 * bench with the default cap, and then its refusals must show as clear "busy" answers.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import pLimit from 'p-limit';

import { deleteBenchApplications } from './lib/bench-applications';
import { findNextServerPid, rssMb } from './lib/processes';
import { runWhenStarted } from './lib/run-bench';
import { benchAdmin, startSite } from './lib/server';
import { pdf } from '../e2e/support/application-files';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TOTAL = Number(process.env.BENCH_LOAD_TOTAL ?? 500);
const CONCURRENCY = Number(process.env.BENCH_LOAD_CONCURRENCY ?? 50);
const SITE_CAP = Number(process.env.BENCH_LOAD_SITE_CAP ?? 1000);
const SAMPLE_MS = 50;
const EMAIL_PREFIX = 'load-';
/** Refusals by a limit: the visitor's, or the site's circuit breakers. */
const LIMIT_REASONS = new Set(['rateLimited', 'busy']);

type Answer = { kind: 'received' | 'limited' | 'failed' | 'unclear'; detail: string; ms: number; email: string };

/** The n-th applicant's own address: 10.77.x.y, one per applicant. */
const addressOf = (n: number) => `10.77.${Math.floor(n / 250)}.${(n % 250) + 1}`;

async function apply(baseUrl: string, n: number, cv: Blob, prefix = EMAIL_PREFIX): Promise<Answer> {
  const email = `${prefix}${n}@example.nl`;
  const form = new FormData();
  const fields = { locale: 'nl', vacancy: '', name: `Load Applicant ${n}`, email, motivation: 'x'.repeat(200), consent: 'on' };
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set('cv', cv, 'cv.pdf');
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}/api/applications`, {
      method: 'POST',
      body: form,
      headers: { accept: 'application/json', 'x-forwarded-for': addressOf(n) },
      signal: AbortSignal.timeout(180_000),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    if (response.status >= 500) return { kind: 'unclear', detail: `HTTP ${response.status}`, ms, email };
    let body: { status?: unknown; reason?: unknown };
    try {
      body = JSON.parse(text) as { status?: unknown; reason?: unknown };
    } catch {
      return { kind: 'unclear', detail: `HTTP ${response.status}, not JSON`, ms, email };
    }
    if (body.status === 'received') return { kind: 'received', detail: 'received', ms, email };
    if (body.status === 'failed' && typeof body.reason === 'string')
      return { kind: LIMIT_REASONS.has(body.reason) ? 'limited' : 'failed', detail: body.reason, ms, email };
    return { kind: 'unclear', detail: `HTTP ${response.status}, ${text.slice(0, 80)}`, ms, email };
  } catch (error) {
    return { kind: 'unclear', detail: error instanceof Error ? error.name : 'error', ms: performance.now() - started, email };
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

const tally = (answers: Answer[]) => {
  const counts = new Map<string, number>();
  for (const answer of answers) counts.set(answer.detail, (counts.get(answer.detail) ?? 0) + 1);
  return [...counts].map(([detail, count]) => `${detail} ${count}`).join(', ') || 'none';
};

export async function runApplicationsLoadBench(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-load-'));
  const server = await startSite(ROOT, dataDir, { TRUSTED_PROXY_COUNT: '1', APPLICATION_SITE_CAP_PER_HOUR: String(SITE_CAP) });
  const { baseUrl } = server;
  const admin = benchAdmin();
  try {
    const pid = server.pgid === undefined ? null : findNextServerPid(server.pgid);
    if (pid === null) throw new Error('the Next server process was not found (not Linux?)');
    const cv = new Blob([new Uint8Array(pdf())], { type: 'application/pdf' });
    // Warm-up from an address and an e-mail outside the run's: compiles the route and opens the pools.
    await apply(baseUrl, 60_000, cv, 'warm-up-');
    await admin.from('rate_limit_hits').delete().neq('bucket', '');

    const before = rssMb(pid) ?? NaN;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid) ?? 0);
    }, SAMPLE_MS);
    const limit = pLimit(CONCURRENCY);
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: TOTAL }, (_, n) => limit(() => apply(baseUrl, n, cv))));
    const wall = performance.now() - started;
    clearInterval(sampler);
    const after = rssMb(pid) ?? NaN;

    // What is stored, per applicant: a complete row, its file row and its Storage object.
    const { data: rows, error } = await admin.from('applications').select('id, email, completed_at').like('email', `${EMAIL_PREFIX}%`);
    if (error) throw new Error(`could not count the rows: ${error.message}`);
    const complete = rows.filter((row) => row.completed_at !== null);
    const fileRows = new Map<string, number>();
    const objects = new Map<string, number>();
    const count = pLimit(10);
    await Promise.all(
      complete.map((row) =>
        count(async () => {
          const files = await admin.from('application_files').select('id', { count: 'exact', head: true }).eq('application_id', row.id);
          fileRows.set(row.id, files.count ?? 0);
          const listed = await admin.storage.from('applications').list(row.id);
          objects.set(row.id, listed.data?.length ?? 0);
        }),
      ),
    );
    const storedEmails = new Set(complete.filter((row) => fileRows.get(row.id) === 1 && objects.get(row.id) === 1).map((row) => row.email));
    const completeEmails = new Set(complete.map((row) => row.email));
    const received = answers.filter((answer) => answer.kind === 'received');
    const lost = received.filter((answer) => !storedEmails.has(answer.email));
    const storedUntold = answers.filter((answer) => answer.kind !== 'received' && completeEmails.has(answer.email));
    const { count: queuedMails } = await admin.from('mail_outbox').select('id', { count: 'exact', head: true });
    const latencies = answers.map((answer) => answer.ms);

    console.log(
      `Applications load bench (${baseUrl}, ${TOTAL} applications with a ${cv.size}-byte PDF, ${CONCURRENCY} at a time, ` +
        `one client address each through TRUSTED_PROXY_COUNT=1; APPLICATION_SITE_CAP_PER_HOUR=${SITE_CAP})`,
    );
    console.log(`  sent ${TOTAL} in ${(wall / 1000).toFixed(1)} s`);
    console.log(
      `  received ${received.length}; refused by a limit ${answers.filter((a) => a.kind === 'limited').length} (${tally(answers.filter((a) => a.kind === 'limited'))})`,
    );
    console.log(
      `  failed with a clear answer ${answers.filter((a) => a.kind === 'failed').length} (${tally(answers.filter((a) => a.kind === 'failed'))})`,
    );
    console.log(
      `  unclear answers ${answers.filter((a) => a.kind === 'unclear').length} (${tally(answers.filter((a) => a.kind === 'unclear'))})`,
    );
    console.log(
      `  stored: ${complete.length} complete rows, ${[...fileRows.values()].reduce((a, b) => a + b, 0)} file rows, ` +
        `${[...objects.values()].reduce((a, b) => a + b, 0)} Storage objects; ${rows.length - complete.length} incomplete rows; ${queuedMails ?? 0} mails queued`,
    );
    console.log(`  ${lost.length === 0 ? 'MET ' : 'MISS'} lost (told "received", not all stored): ${lost.length} (target 0)`);
    console.log(`  ${storedUntold.length === 0 ? 'MET ' : 'MISS'} stored while told otherwise: ${storedUntold.length} (target 0)`);
    console.log(
      `  ${answers.every((a) => a.kind !== 'unclear') ? 'MET ' : 'MISS'} every refusal a clear answer ` +
        `(${answers.filter((a) => a.kind === 'unclear').length} unclear)`,
    );
    console.log(`  latency p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms`);
    console.log(`  Next server RSS: ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB, ${after.toFixed(0)} MB after`);
  } finally {
    await deleteBenchApplications(admin, `${EMAIL_PREFIX}%`);
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

runWhenStarted(import.meta.url, 'applications load bench', runApplicationsLoadBench);
