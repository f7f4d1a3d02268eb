/**
 * `npm run bench:fuzz`: malformed requests to every server action and route handler of the
 * production build. Prints the status counts per target and
 * every 5xx with its cause from the server log, split into our code and Next.js's own decoding.
 * Reports, never fails on findings (exit 1 only when it could not run).
 *
 * Bounded: FUZZ_PER_TARGET requests per target (default 2,000), FUZZ_CONCURRENCY in flight
 * (default 4), FUZZ_MAX_MINUTES for the requests (default 60; the cause replays get 15 more),
 * only ever to 127.0.0.1. FUZZ_REPLAYS_PER_KIND (default 10) bounds the replays that read causes:
 * a kind's other 5xx are only given an owner when all its replays agree, and at 50 per kind the
 * replays alone outlasted the 15 minutes they get. FUZZ_SEED repeats a run request for
 * request; FUZZ_ONLY=<substring> fuzzes matching targets only; FUZZ_BASE_URL fuzzes a running
 * local server (without its log, causes stay unknown).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Cause } from './fuzz/cause';
import { formPost } from './fuzz/envelope';
import { ACTION_KINDS, ROUTE_KINDS } from './fuzz/kinds';
import { findCauses, fuzzTarget, type TargetResult } from './fuzz/run';
import { createSender } from './fuzz/send';
import { startFuzzServer, type FuzzServer } from './fuzz/server';
import { discoverTargets } from './fuzz/targets';
import { DEMO_ACCOUNTS } from '../local-supabase/src/keys';
import { scrapeForms } from '../scripts/lib/action-forms';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function intFromEnv(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer >= ${min}, got "${raw}"`);
  return value;
}

/** Signs the demo client in through the site's own no-JavaScript form and returns its cookies. */
async function signInClient(baseUrl: string): Promise<string | undefined> {
  const demo = DEMO_ACCOUNTS.find((account) => account.role === 'client');
  if (demo === undefined) return undefined;
  const page = await fetch(`${baseUrl}/en/sign-in`, { signal: AbortSignal.timeout(30_000) });
  const [form] = scrapeForms(await page.text());
  if (form === undefined) return undefined;
  const request = formPost({ page: '/en/sign-in', origin: baseUrl, boundary: '----fuzzsignin' }, form.hidden, [
    ['email', demo.email],
    ['password', demo.password],
    ['next', '/en/account'],
  ]);
  const response = await fetch(`${baseUrl}${request.path}`, {
    method: 'POST',
    headers: request.headers,
    body: request.body,
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  });
  await response.arrayBuffer();
  const cookies = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter((pair) => /^sb-.*=./.test(pair));
  return cookies.length > 0 ? cookies.join('; ') : undefined;
}

/** One line per cause: JSON positions, quoted input and counts vary with the payload, not the cause. */
function causeKey(cause: Cause | 'not reproduced' | 'not replayed' | undefined): string {
  if (cause === undefined || typeof cause === 'string') return cause ?? 'not replayed';
  const message = cause.message
    .replace(/"[^"]*"(\.\.\.)?/g, '"…"')
    .replace(/'[^']{1,3}'/g, "'…'")
    .replace(/ at position \d+ \(line \d+ column \d+\)/g, '')
    .replace(/\(\d+\)/g, '(n)')
    .replace(/write EPROTO .*/, 'write EPROTO (TLS to a plain-HTTP port)');
  return `${message}${cause.where === '' ? '' : ` @ ${cause.where}`}`;
}

function ownerOf(cause: Cause | 'not reproduced' | 'not replayed' | undefined): 'ours' | 'framework' | 'unknown' {
  return cause === undefined || typeof cause === 'string' ? 'unknown' : cause.owner;
}

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

function report(results: readonly TargetResult[], incomplete: boolean): string {
  const lines: string[] = [];
  const statusColumns = [...new Set(results.flatMap((result) => Object.keys(result.statuses)))].sort();
  const nameWidth = Math.max(6, ...results.map((result) => result.name.length));
  lines.push(
    `${pad('target', nameWidth)}  ${pad('sent', 6)}  ${statusColumns.map((status) => pad(status, 6)).join('  ')}  5xx ours  5xx Next  5xx ?   seconds`,
  );
  for (const result of results) {
    const owners = { ours: 0, framework: 0, unknown: 0 };
    for (const fiveHundred of result.fiveHundreds) owners[ownerOf(fiveHundred.cause)] += 1;
    lines.push(
      `${pad(result.name, nameWidth)}  ${pad(String(result.sent), 6)}  ${statusColumns.map((status) => pad(String(result.statuses[status] ?? 0), 6)).join('  ')}  ${pad(String(owners.ours), 8)}  ${pad(String(owners.framework), 8)}  ${pad(String(owners.unknown), 6)}  ${result.seconds.toFixed(0)}`,
    );
  }

  const groups = new Map<string, { owner: string; count: number; inferred: number; kinds: Set<string>; statuses: Set<number> }>();
  for (const result of results) {
    for (const fiveHundred of result.fiveHundreds) {
      const key = `${result.name} | ${causeKey(fiveHundred.cause)}`;
      const group = groups.get(key) ?? { owner: ownerOf(fiveHundred.cause), count: 0, inferred: 0, kinds: new Set(), statuses: new Set() };
      group.count += 1;
      if (fiveHundred.inferred === true) group.inferred += 1;
      group.kinds.add(fiveHundred.kind);
      group.statuses.add(fiveHundred.status);
      groups.set(key, group);
    }
  }
  const order = { ours: 0, unknown: 1, framework: 2 } as Record<string, number>;
  const sorted = [...groups.entries()].sort(([, a], [, b]) => (order[a.owner] ?? 0) - (order[b.owner] ?? 0) || b.count - a.count);
  lines.push(
    '',
    sorted.length === 0
      ? 'No 5xx.'
      : 'Every 5xx, by target and cause (owner: ours = a frame in src/, Next = its request decoding, ? = unclassified):',
  );
  for (const [key, group] of sorted) {
    const inferred = group.inferred > 0 ? ` (${group.inferred} of them not replayed: their kind's replays all had this owner)` : '';
    lines.push(
      `  [${group.owner === 'framework' ? 'Next' : group.owner === 'ours' ? 'ours' : '?'}] ${group.count}× ${[...group.statuses].join('/')} ${key}${inferred}`,
    );
    lines.push(`        kinds: ${[...group.kinds].join('; ')}`);
  }

  const noAnswer = results.flatMap((result) =>
    Object.entries(result.noAnswer).map(([reason, count]) => `  ${result.name}: ${count}× ${reason}`),
  );
  if (noAnswer.length > 0) lines.push('', 'Requests without an answer (client-side refusals and resets):', ...noAnswer);

  const ours = results.reduce((sum, result) => sum + result.fiveHundreds.filter((f) => ownerOf(f.cause) === 'ours').length, 0);
  const unknown = results.reduce((sum, result) => sum + result.fiveHundreds.filter((f) => ownerOf(f.cause) === 'unknown').length, 0);
  lines.push(
    '',
    `${ours === 0 && unknown === 0 ? 'PASS' : 'MISS'} zero 5xx from our code (ours: ${ours}, unclassified: ${unknown})${incomplete ? ' — INCOMPLETE: the time limit stopped the run' : ''}`,
  );
  return lines.join('\n');
}

async function main(): Promise<number> {
  const perTarget = intFromEnv('FUZZ_PER_TARGET', 2000, 1);
  const concurrency = intFromEnv('FUZZ_CONCURRENCY', 4, 1);
  const maxMinutes = intFromEnv('FUZZ_MAX_MINUTES', 60, 1);
  const seed = intFromEnv('FUZZ_SEED', 20261123, 0);
  const replaysPerKind = intFromEnv('FUZZ_REPLAYS_PER_KIND', 10, 1);
  const only = process.env.FUZZ_ONLY ?? '';
  const deadline = Date.now() + maxMinutes * 60_000;

  let server: FuzzServer | undefined;
  const onSignal = (): void => {
    void server?.stop().then(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    console.error('[fuzz] starting the server (npm start, 127.0.0.1)…');
    server = await startFuzzServer(ROOT);
    const { baseUrl } = server;
    const clientCookie = await signInClient(baseUrl);
    console.error(
      clientCookie === undefined
        ? '[fuzz] could not sign the demo client in: account actions run anonymously'
        : '[fuzz] signed in as the demo client for the account actions',
    );
    const targets = (await discoverTargets({ root: ROOT, baseUrl, clientCookie })).filter((target) => target.name.includes(only));
    console.error(
      `[fuzz] ${targets.length} targets × ${perTarget} requests, ${ACTION_KINDS.length} action kinds, ${ROUTE_KINDS.length} route kinds, ${concurrency} in flight`,
    );

    const sender = createSender(baseUrl, concurrency, 30_000);
    const cookies = { anonymous: undefined, client: clientCookie };
    const results: TargetResult[] = [];
    for (const target of targets) {
      if (Date.now() > deadline) break;
      console.error(`[fuzz] ${target.name} (${target.type === 'action' ? `${target.page}, ${target.session}` : target.paths.join(' ')})`);
      results.push(
        await fuzzTarget(target, {
          perTarget,
          concurrency,
          seed,
          deadline,
          origin: baseUrl,
          cookies,
          send: sender.send,
          onProgress: (line) => console.error(`[fuzz]   ${line}`),
        }),
      );
    }
    const incomplete = results.length < targets.length || results.some((result) => result.sent < result.planned);
    const total5xx = results.reduce((sum, result) => sum + result.fiveHundreds.length, 0);
    console.error(`[fuzz] ${total5xx} 5xx: replaying up to ${replaysPerKind} per kind and target, one at a time, to read their causes…`);
    const replayed = await findCauses(targets, results, server.log, {
      seed,
      origin: baseUrl,
      cookies,
      send: createSender(baseUrl, 1, 30_000).send,
      perKind: replaysPerKind,
      deadline: deadline + 15 * 60_000,
    });
    console.error(`[fuzz] ${replayed} replays`);
    sender.close();

    const text = report(results, incomplete);
    console.log(text);
    const outDir = path.join(ROOT, 'bench', 'results');
    mkdirSync(outDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    writeFileSync(path.join(outDir, `fuzz-${stamp}.json`), JSON.stringify({ perTarget, concurrency, seed, targets, results }, null, 2));
    if (server.log !== undefined)
      writeFileSync(path.join(outDir, `fuzz-${stamp}.server.log`), server.log.map((line) => line.text).join('\n'));
    console.error(`[fuzz] raw results and server log in bench/results/fuzz-${stamp}.*`);
    return 0;
  } catch (error) {
    console.error(`[fuzz] could not run: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await server?.stop();
  }
}

main().then((code) => process.exit(code));
