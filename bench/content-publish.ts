/**
 * `npm run bench` (or `tsx bench/content-publish.ts`): what a publish and an unpublish cost until
 * visitors see them, in the recommended topology.
 *
 * Two production servers (`npm start` twice, as two instances of one deployment) share one embedded
 * backend, behind the edge (deploy/nginx/, as scripts/edge.ts runs it). Each round publishes a new
 * Dutch post the way the editor leaves the database (service role: entry, working copy, publish
 * revision, live pointer), telling no instance, as for every instance but the editor's; then takes
 * it offline the same way. Through the edge and at each instance directly, the post's page and the
 * blog list are asked for every 25 ms until they show the post, and then until they no longer do.
 *
 * Reported: publish-to-visible and unpublish-to-gone (median, p95, max over BENCH_PUBLISH_ROUNDS,
 * default 20), for the page and the list. The design bound is two page lifetimes
 * (src/lib/page-cache/lifetimes.mjs) and a render; the promise is 5 s at p95 through the edge.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import getPort from 'get-port';

import { runWhenStarted } from './lib/run-bench';
import { startSite, type BenchServer } from './lib/server';
import { markBlogChanged, removePosts, seedPost, unpublishPost } from '../e2e/support/content';
import { startEdge, type Edge } from '../scripts/lib/edge';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ROUNDS = Number(process.env.BENCH_PUBLISH_ROUNDS ?? 20);
const POLL_MS = 25;
const GIVE_UP_MS = 30_000;

type Seen = { page: number; list: number };

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

/** How long until the post's page and the list show it (`present`), or no longer do. */
async function watch(baseUrl: string, slug: string, title: string, since: number, present: boolean): Promise<Seen> {
  const [page, list] = await Promise.all([
    until(`${baseUrl}/blog/${slug}`, since, (status) => (status === 200) === present),
    until(`${baseUrl}/blog`, since, (status, body) => status === 200 && body.includes(title) === present),
  ]);
  return { page: page.at, list: list.at };
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
}

const ms = (value: number) => `${Math.round(value)} ms`;

function report(name: string, seen: Seen[]): void {
  for (const [what, values] of [
    ['page', seen.map((s) => s.page)],
    ['list', seen.map((s) => s.list)],
  ] as const) {
    console.log(
      `  ${name.padEnd(26)} ${what.padEnd(5)} median ${ms(quantile(values, 0.5)).padStart(8)}  p95 ${ms(quantile(values, 0.95)).padStart(8)}  max ${ms(Math.max(...values)).padStart(8)}`,
    );
  }
}

export async function runContentPublishBench(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-publish-'));
  const servers: BenchServer[] = [];
  let edge: Edge | undefined;
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
    edge = await startEdge({
      root: ROOT,
      port: await getPort(),
      upstreams: servers.map((server) => Number(new URL(server.baseUrl).port)),
      staticDir: path.join(ROOT, process.env.NEXT_DIST_DIR || '.next', 'static'),
    });
    console.log(`  the edge: ${edge.url}`);
    const places = { 'through the edge': edge.url, 'at instance A': a.baseUrl, 'at instance B': b.baseUrl };
    // Warm every place: the list and a missing post rendered once, so a round measures a change, not a cold start.
    for (const url of Object.values(places)) await Promise.all([fetch(`${url}/blog`), fetch(`${url}/blog/does-not-exist`)]);

    const seen: Record<string, { visible: Seen[]; gone: Seen[] }> = {};
    for (const name of Object.keys(places)) seen[name] = { visible: [], gone: [] };
    for (let round = 1; round <= ROUNDS; round += 1) {
      const title = `Bench publicatie ${round} ${Date.now().toString(36)}`;
      const published = performance.now();
      const post = await seedPost(title, { waitForPages: false });
      made.push(post.id);
      const visible = await Promise.all(Object.values(places).map((url) => watch(url, post.slug, title, published, true)));
      const unpublished = performance.now();
      await unpublishPost(post.id, { waitForPages: false });
      const gone = await Promise.all(Object.values(places).map((url) => watch(url, post.slug, title, unpublished, false)));
      Object.keys(places).forEach((name, index) => {
        const at = seen[name];
        const shown = visible[index];
        const left = gone[index];
        if (at && shown && left) {
          at.visible.push(shown);
          at.gone.push(left);
        }
      });
      // Removed again, so every round's post is on the list's first page.
      await removePosts(made.splice(0));
    }
    console.log(`  ${ROUNDS} publishes and unpublishes, nobody told, polled every ${POLL_MS} ms:`);
    for (const [name, { visible, gone }] of Object.entries(seen)) {
      report(`publish-to-visible ${name}`, visible);
      report(`unpublish-to-gone ${name}`, gone);
    }
  } finally {
    await removePosts(made).catch(() => markBlogChanged());
    await edge?.stop();
    await Promise.all(servers.map((server) => server.stop()));
    await rm(dataDir, { recursive: true, force: true });
  }
}

runWhenStarted(import.meta.url, 'content publish bench', runContentPublishBench);
