/**
 * `npm run bench` (or `tsx bench/content-publish.ts`): what a publish costs until visitors see it.
 *
 * Two production servers (`npm start` twice, as two instances of one deployment) share one embedded
 * backend. Each round publishes a new Dutch post the way the editor leaves the database (service
 * role: entry, working copy, publish revision, live pointer) and records the change with
 * content_mark_changed(), as contentChanged() does; neither instance is told directly, so both
 * learn of it as any instance other than the editor's does. Then both are asked, every 25 ms, for
 * the post's page and for the blog list until they show it.
 *
 * Reported per instance: the time from the recorded change until the post's page answers 200 and
 * until the list shows it (median, p95, max over BENCH_PUBLISH_ROUNDS, default 20), and the time the
 * first 200 took to render. The design bound is the one-second interval at which each instance
 * reads the shared change times, plus one render.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { runWhenStarted } from './lib/run-bench';
import { startSite, type BenchServer } from './lib/server';
import { markBlogChanged, removePosts, seedPost } from '../e2e/support/content';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ROUNDS = Number(process.env.BENCH_PUBLISH_ROUNDS ?? 20);
const POLL_MS = 25;
const GIVE_UP_MS = 30_000;

type Seen = { page: number; list: number; render: number };

/** Asks `url` every POLL_MS until `shows` holds; the time since `since`, and how long the answer that showed it took. */
async function until(url: string, since: number, shows: (status: number, body: string) => boolean): Promise<{ at: number; took: number }> {
  while (performance.now() - since < GIVE_UP_MS) {
    const asked = performance.now();
    const response = await fetch(url, { headers: { 'accept-language': 'nl' } });
    const body = await response.text();
    if (shows(response.status, body)) return { at: performance.now() - since, took: performance.now() - asked };
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`${url} did not show the post within ${GIVE_UP_MS / 1000} s`);
}

async function watch(baseUrl: string, slug: string, title: string, since: number): Promise<Seen> {
  const [page, list] = await Promise.all([
    until(`${baseUrl}/blog/${slug}`, since, (status) => status === 200),
    until(`${baseUrl}/blog`, since, (status, body) => status === 200 && body.includes(title)),
  ]);
  return { page: page.at, list: list.at, render: page.took };
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
}

const ms = (value: number) => `${Math.round(value)} ms`;

function report(name: string, seen: Seen[]): void {
  for (const [what, values] of [
    ['page answers 200', seen.map((s) => s.page)],
    ['list shows it', seen.map((s) => s.list)],
    ['first 200 took', seen.map((s) => s.render)],
  ] as const) {
    console.log(
      `  ${name}  ${what.padEnd(17)} median ${ms(quantile(values, 0.5)).padStart(8)}  p95 ${ms(quantile(values, 0.95)).padStart(8)}  max ${ms(Math.max(...values)).padStart(8)}`,
    );
  }
}

export async function runContentPublishBench(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-publish-'));
  const servers: BenchServer[] = [];
  const made: string[] = [];
  try {
    for (const name of ['A', 'B']) {
      // The first start brings up the embedded backend on the build's port; the second finds it.
      const server = await startSite(ROOT, dataDir);
      servers.push(server);
      console.log(`  instance ${name}: ${server.baseUrl}`);
    }
    const [a, b] = servers;
    if (!a || !b) throw new Error('two servers were not started');
    // Warm both: the list and a post page rendered once, so a round measures a change, not a cold start.
    for (const server of servers) await Promise.all([fetch(`${server.baseUrl}/blog`), fetch(`${server.baseUrl}/blog/does-not-exist`)]);

    const seen: Record<'A' | 'B', Seen[]> = { A: [], B: [] };
    for (let round = 1; round <= ROUNDS; round += 1) {
      const title = `Bench publicatie ${round} ${Date.now().toString(36)}`;
      // seedPost records the change last, as the editor does after its writes.
      const since = performance.now();
      const post = await seedPost(title);
      made.push(post.id);
      const [onA, onB] = await Promise.all([watch(a.baseUrl, post.slug, title, since), watch(b.baseUrl, post.slug, title, since)]);
      seen.A.push(onA);
      seen.B.push(onB);
      // Taken down again, so every round's post is on the list's first page.
      await removePosts(made.splice(0));
    }
    console.log(`  ${ROUNDS} publishes, each seen through both instances (polled every ${POLL_MS} ms):`);
    report('A', seen.A);
    report('B', seen.B);
  } finally {
    await removePosts(made).catch(() => markBlogChanged());
    await Promise.all(servers.map((server) => server.stop()));
    await rm(dataDir, { recursive: true, force: true });
  }
}

runWhenStarted(import.meta.url, 'content publish bench', runContentPublishBench);
