/**
 * Where the server's time goes under load: starts Next's production server (`next start`) under
 * `node --cpu-prof`, sends anonymous requests to one page with autocannon (20 connections,
 * bounded time, loopback only), stops the server so V8 writes its profile, and prints the
 * self time per area and the functions with the most self and total time.
 *
 *   npx tsx bench/profile.ts [path] [--seconds 15] [--accept-language nl-NL]
 *
 * The server is configured as for a hosted project, with the embedded backend (content imported)
 * in this process, so the profile holds the site alone. The profile is kept in bench/results/
 * for Chrome DevTools (Performance → Load profile).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import autocannon from 'autocannon';
import getPort from 'get-port';

import { browserHeaders } from './lib/load';
import { ensureBuild, hostedProject } from './lib/server';
import { nextBin } from '../scripts/lib/next-bin';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/** A coarse area of the server for a script URL: which library or layer the time is spent in. */
export function area(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(url);
  if (inModules) {
    const [, pkg, rest = ''] = inModules;
    if (pkg === 'next') {
      const compiled = /^dist\/compiled\/((?:@[^/]+\/)?[^/]+)/.exec(rest);
      if (compiled) return `next (compiled ${compiled[1]})`;
      const part = /^dist\/(server\/[^/]+|[^/]+)/.exec(rest);
      return `next (${part?.[1]?.replace(/\.js$/, '') ?? 'other'})`;
    }
    return pkg ?? 'node_modules';
  }
  if (url.includes('/.next/server/')) {
    // Turbopack names chunks after what they hold.
    const chunk = path.basename(url);
    if (/supabase/.test(chunk)) return 'app chunk: supabase';
    if (/next-intl|use-intl|intl/.test(chunk)) return 'app chunk: next-intl';
    if (/middleware|proxy/.test(chunk)) return 'app chunk: proxy';
    return 'app chunk: other';
  }
  return 'other';
}

export function summariseProfile(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

  const key = (id: number): string => {
    const f = byId.get(id)?.callFrame;
    return f
      ? `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/\.next\//, '.next/')}:${f.lineNumber + 1}`
      : '?';
  };
  const areas = new Map<string, number>();
  const selfByFunction = new Map<string, number>();
  const totalByFunction = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of self) {
    const f = byId.get(id)?.callFrame;
    if (!f || f.functionName === '(idle)') continue;
    busy += us;
    const a = area(f.url, f.functionName);
    areas.set(a, (areas.get(a) ?? 0) + us);
    selfByFunction.set(key(id), (selfByFunction.get(key(id)) ?? 0) + us);
    // Total time: each function once per sample, however often it recurs on the stack.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const k = key(at);
      if (seen.has(k)) continue;
      seen.add(k);
      totalByFunction.set(k, (totalByFunction.get(k) ?? 0) + us);
    }
  }
  const top = (map: Map<string, number>, n: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
  return { busyMs: busy / 1000, areas: top(areas, 30), self: top(selfByFunction, 25), total: top(totalByFunction, 40) };
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { seconds: { type: 'string', default: '15' }, 'accept-language': { type: 'string', default: 'nl-NL,nl;q=0.9' } },
  });
  const page = positionals[0] ?? '/';
  await ensureBuild(ROOT);
  const port = await getPort();
  const base = `http://127.0.0.1:${port}`;
  const dir = path.join(ROOT, 'bench', 'results', `profile-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  mkdirSync(dir, { recursive: true });
  const project = await hostedProject();
  // The server `npm start` runs (`next start`), without the launcher around it.
  const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, nextBin(), 'start', '-p', String(port)], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      ...project.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const status = await fetch(`${base}${page}`, { headers: browserHeaders(values['accept-language']) }).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) break;
      if (Date.now() > deadline) throw new Error(`${base}${page} did not answer 200 (last: ${status})`);
      await new Promise((r) => setTimeout(r, 300));
    }
    const headers = browserHeaders(values['accept-language']);
    await autocannon({ url: `${base}${page}`, connections: 4, amount: 200, headers });
    const run = await autocannon({ url: `${base}${page}`, connections: 20, duration: Number(values.seconds), headers });
    console.log(
      `${page}: ${run.requests.average.toFixed(0)} req/s, p99 ${run.latency.p99} ms, errors ${run.errors}, non-2xx ${run.non2xx}`,
    );
  } finally {
    child.kill('SIGINT');
    await exited;
    await project.stop();
  }
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile written to ${dir}`);
  const summary = summariseProfile(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile);
  const pct = (us: number) => `${((us / 1000 / summary.busyMs) * 100).toFixed(1).padStart(5)}%`;
  console.log(`\nBusy (non-idle) CPU time: ${(summary.busyMs / 1000).toFixed(1)} s; profile: ${path.relative(ROOT, path.join(dir, file))}`);
  console.log('\nSelf time by area:');
  for (const [name, us] of summary.areas) console.log(`  ${pct(us)}  ${name}`);
  console.log('\nFunctions by self time:');
  for (const [name, us] of summary.self) console.log(`  ${pct(us)}  ${name}`);
  console.log('\nFunctions by total time (self + callees):');
  for (const [name, us] of summary.total) console.log(`  ${pct(us)}  ${name}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
