import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import getPort from 'get-port';

import { scrapeForms } from './lib/action-forms';
import { startEdge, type Edge } from './lib/edge';
import { withSiteContent } from './lib/local-content';
import { stopGroup } from './lib/process-group';
import { countTraces, missingTracedFiles } from './lib/traced-files';
import { DEFAULT_PORT, DEMO_ACCOUNTS } from '../local-supabase/src/keys';
import { startLocalSupabase } from '../local-supabase/src/server';

/**
 * `npm run test:production` (CI, after `npm test`): the production start a deployer runs,
 * `npm prune --omit=dev && npm start` with a Supabase project configured, checked end to end: on
 * production dependencies alone, with no TypeScript loader, Next's own server with Next's own
 * compression; two of them behind the recommended edge (deploy/nginx/); plain `next start`
 * refusing to start without a trustworthy client address; and Next's standalone server of the same
 * build, run from a folder of its own.
 *
 * The embedded backend stands in for the hosted project, started from this checkout on the
 * address the build was made for. The site runs from a copy of the checkout (tracked files, the
 * existing build, node_modules as hard links) that is pruned to production dependencies and has
 * no `local-supabase/` folder at all: if `npm start` loaded anything from it, the start fails.
 * Pruning the copy leaves this checkout intact for whatever runs next.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST_DIR = process.env.NEXT_DIST_DIR || '.next';
const START_TIMEOUT_MS = 90_000;

function step(label: string, since: number): void {
  console.log(`  ${label} (${((performance.now() - since) / 1000).toFixed(1)} s)`);
}

/** The checkout as a clean clone has it, plus the build, with node_modules as hard links (no copy of 800 MB). */
async function copyCheckout(target: string): Promise<void> {
  const listed = spawnSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter((name) => name !== '' && !name.startsWith('local-supabase/'))) {
    const from = path.join(ROOT, file);
    if (!existsSync(from)) continue;
    await mkdir(path.dirname(path.join(target, file)), { recursive: true });
    await cp(from, path.join(target, file));
  }
  // The build, without its cache (for rebuilding, and large) and its standalone server (run on its own).
  await cp(path.join(ROOT, DIST_DIR), path.join(target, DIST_DIR), {
    recursive: true,
    filter: (source) => !['cache', 'standalone'].some((folder) => source.startsWith(path.join(ROOT, DIST_DIR, folder))),
  });
  // The compiled launcher `npm start` runs, which the build writes beside the sources.
  await cp(path.join(ROOT, 'scripts', 'dist'), path.join(target, 'scripts', 'dist'), { recursive: true });
  const linked = spawnSync('cp', ['-al', path.join(ROOT, 'node_modules'), path.join(target, 'node_modules')]);
  if (linked.status !== 0) throw new Error(`cp -al node_modules failed: ${linked.stderr.toString()}`);
  // npm rewrites this file in place; a hard link would carry the pruned list back into this checkout.
  const hidden = path.join(target, 'node_modules', '.package-lock.json');
  if (existsSync(hidden)) {
    const content = await readFile(hidden);
    await unlink(hidden);
    await writeFile(hidden, content);
  }
}

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${String(result.status)}`);
}

// Not wait-on: this loop also gives up the moment the server exits, with its log, instead of at the timeout.
async function waitFor(url: string, child: ChildProcess, log: string[]): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`npm start did not answer ${url} with 200:\n${log.slice(-30).join('\n')}`);
}

function expect(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

/**
 * A public page comes compressed as asked, says that it varies by Accept-Encoding, and a
 * conditional request with its ETag is answered 304.
 */
async function checkCompression(baseUrl: string, server: string): Promise<void> {
  const page = `${baseUrl}/en/about-us`;
  for (const coding of ['gzip', 'identity']) {
    const response = await fetch(page, { headers: { 'Accept-Encoding': coding }, redirect: 'manual' });
    await response.arrayBuffer();
    const sent = response.headers.get('content-encoding') ?? 'identity';
    const etag = response.headers.get('etag');
    expect(response.status === 200 && sent === coding, `${server}: GET /en/about-us as ${coding}: ${response.status}, sent ${sent}`);
    expect(etag !== null, `${server}: GET /en/about-us as ${coding} has no ETag`);
    expect(
      /accept-encoding/i.test(response.headers.get('vary') ?? ''),
      `${server}: GET /en/about-us as ${coding} does not vary by Accept-Encoding`,
    );
    // Not fetch(): a conditional request from fetch() also says `Cache-Control: no-cache`, which Next honours with a 200.
    const again = await new Promise<number>((resolve, reject) => {
      get(page, { headers: { 'Accept-Encoding': coding, 'If-None-Match': etag ?? '' } }, (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode ?? 0));
      }).on('error', reject);
    });
    expect(again === 304, `${server}: GET /en/about-us as ${coding} with its ETag ${etag}: ${again}, not 304`);
  }
}

/** Through the edge: a page in brotli, and a build file from its precompressed copy, cached for a year. */
async function checkEdgeCompression(edgeUrl: string): Promise<void> {
  const page = await fetch(`${edgeUrl}/en/about-us`, { headers: { 'Accept-Encoding': 'br, gzip' } });
  const html = await page.text();
  expect(page.headers.get('content-encoding') === 'br', `the edge: /en/about-us as ${page.headers.get('content-encoding')}, not br`);
  const script = /\/_next\/static\/chunks\/[^"]+\.js/.exec(html)?.[0];
  expect(script !== undefined, 'the edge: /en/about-us names no script');
  const file = await fetch(`${edgeUrl}${script}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
  await file.arrayBuffer();
  expect(
    file.headers.get('content-encoding') === 'br' && file.headers.get('cache-control') === 'public, max-age=31536000, immutable',
    `the edge: ${script} as ${file.headers.get('content-encoding')}, ${file.headers.get('cache-control')}`,
  );
}

/** Pages of each kind answer 200 (a form page, a feed, the home page), and a visitor can sign in and open the account page. */
async function checkPagesAndSignIn(baseUrl: string, server: string): Promise<void> {
  for (const page of ['/en/contact-us', '/blog/rss.xml', '/']) {
    const response = await fetch(`${baseUrl}${page}`, { redirect: 'manual' });
    await response.arrayBuffer();
    expect(response.status === 200, `${server}: GET ${page}: ${response.status}`);
  }
  await signInAndOpenAccount(baseUrl);
}

/** Starts a server in its own process group and waits until it answers `url`. */
async function startServer(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, url: string): Promise<ChildProcess> {
  const log: string[] = [];
  const child = spawn(command, args, { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env });
  const keep = (chunk: Buffer): void => {
    log.push(...chunk.toString().split('\n'));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  try {
    await waitFor(url, child, log);
  } catch (error) {
    await stopGroup(child.pid);
    throw error;
  }
  return child;
}

/** Signs the demo client in through the no-JavaScript form and opens the account page with the session. */
async function signInAndOpenAccount(baseUrl: string): Promise<void> {
  const demo = DEMO_ACCOUNTS.find((account) => account.role === 'client');
  if (demo === undefined) throw new Error('no demo client account');
  const page = await fetch(`${baseUrl}/en/sign-in`);
  expect(page.status === 200, `GET /en/sign-in: ${page.status}`);
  const [form] = scrapeForms(await page.text());
  if (form === undefined) throw new Error('the sign-in page renders no server-action form');
  const body = new FormData();
  for (const [name, value] of form.hidden) body.append(name, value);
  body.append('email', demo.email);
  body.append('password', demo.password);
  body.append('next', '/en/account');
  const signedIn = await fetch(`${baseUrl}/en/sign-in`, { method: 'POST', body, headers: { Origin: baseUrl }, redirect: 'manual' });
  await signedIn.arrayBuffer();
  const cookie = signedIn.headers
    .getSetCookie()
    .map((entry) => entry.split(';')[0] ?? '')
    .filter((pair) => pair.startsWith('sb-'))
    .join('; ');
  expect(
    signedIn.status === 303 && cookie !== '',
    `sign-in: expected 303 with a session cookie, got ${signedIn.status} (${signedIn.headers.get('location')})`,
  );
  const account = await fetch(`${baseUrl}/en/account`, { headers: { Cookie: cookie }, redirect: 'manual' });
  const html = await account.text();
  expect(
    account.status === 200 && html.includes(demo.email),
    `GET /en/account signed in: ${account.status}, e-mail ${html.includes(demo.email) ? '' : 'not '}shown`,
  );
}

async function main(): Promise<void> {
  const started = performance.now();
  if (!existsSync(path.join(ROOT, DIST_DIR, 'BUILD_ID')))
    throw new Error(`No build in ${DIST_DIR}: run \`BUILD_STANDALONE=1 npm run build\` (or npm test) first.`);
  if (!existsSync(path.join(ROOT, DIST_DIR, 'standalone', 'server.js')))
    throw new Error(`The build in ${DIST_DIR} has no standalone server: build with \`BUILD_STANDALONE=1 npm run build\` (npm test does).`);
  // The build has the backend's address compiled in (npm run build without a project uses this one).
  const backendPort = Number(process.env.LOCAL_SUPABASE_PORT ?? DEFAULT_PORT);
  const work = await mkdtemp(path.join(os.tmpdir(), 'production-start-'));
  const copy = path.join(work, 'site');
  let backend: Awaited<ReturnType<typeof startLocalSupabase>> | undefined;
  let site: ChildProcess | undefined;
  let second: ChildProcess | undefined;
  let edge: Edge | undefined;
  try {
    backend = await withSiteContent(await startLocalSupabase({ port: backendPort, dataDir: path.join(work, 'backend'), quiet: true }));
    step(`"hosted project" (the embedded backend on its own) at ${backend.url}`, started);
    await copyCheckout(copy);
    step('copied the checkout without local-supabase/', started);
    run('npm', ['prune', '--omit=dev', '--no-audit', '--no-fund'], copy);
    // Not the compiler itself: the editor's Lexical packages name `typescript` as a peer, so npm keeps
    // it with them (and Next names Playwright as one). What matters is that no loader (tsx) or other
    // dev tooling is left to lean on.
    const leftOver = ['@electric-sql/pglite', 'vitest', 'tsx', 'eslint'].filter((name) =>
      existsSync(path.join(copy, 'node_modules', name)),
    );
    expect(leftOver.length === 0, `npm prune left dev dependencies: ${leftOver.join(', ')}`);
    step('npm prune --omit=dev', started);
    const traces = await countTraces(path.join(copy, DIST_DIR));
    const missing = await missingTracedFiles(copy, path.join(copy, DIST_DIR));
    expect(traces > 0, `no *.nft.json traces in ${DIST_DIR}`);
    expect(missing.length === 0, `npm prune removed files the server's traces need:\n${missing.slice(0, 20).join('\n')}`);
    step(`every package file in ${traces} server traces survives the prune`, started);

    const port = await getPort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const log: string[] = [];
    const projectEnv = {
      ...process.env,
      NEXT_PUBLIC_SUPABASE_URL: backend.url,
      NEXT_PUBLIC_SUPABASE_ANON_KEY: backend.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: backend.serviceRoleKey,
    };
    site = spawn('npm', ['start', '--', '--hostname', '127.0.0.1'], {
      cwd: copy,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...projectEnv, TRUSTED_PROXY_COUNT: '1', PORT: String(port) },
    });
    const keep = (chunk: Buffer): void => {
      log.push(...chunk.toString().split('\n'));
    };
    site.stdout?.on('data', keep);
    site.stderr?.on('data', keep);
    await waitFor(`${baseUrl}/en`, site, log);
    step(`npm start answered on ${baseUrl}`, started);

    await checkPagesAndSignIn(baseUrl, 'npm start');
    expect(!log.some((line) => /Local Supabase|LOCAL PREVIEW/.test(line)), `npm start started the embedded backend:\n${log.join('\n')}`);
    step('pages, sign-in and the account page work against the configured project', started);

    await checkCompression(baseUrl, 'npm start');
    step("npm start: Next's gzip, Vary, 304 for its ETag", started);

    // The recommended topology: a second instance of the same install, and the edge in front of both.
    const secondPort = await getPort();
    second = await startServer(
      'npm',
      ['start', '--', '--hostname', '127.0.0.1'],
      copy,
      { ...projectEnv, TRUSTED_PROXY_COUNT: '1', PORT: String(secondPort) },
      `http://127.0.0.1:${secondPort}/en`,
    );
    edge = await startEdge({
      root: ROOT,
      port: await getPort(),
      upstreams: [port, secondPort],
      staticDir: path.join(copy, DIST_DIR, 'static'),
    });
    await checkPagesAndSignIn(edge.url, 'the edge');
    await checkEdgeCompression(edge.url);
    step(`the edge (deploy/nginx/) in front of two npm start: pages, sign-in, brotli, precompressed build files`, started);
    await edge.stop();
    edge = undefined;
    await stopGroup(second.pid);
    second = undefined;
    await stopGroup(site.pid);
    site = undefined;

    // `next start` cannot see a visitor's connection address, so with no proxy configured
    // every visitor would share one rate limit: it must refuse to start and name the setting.
    const { TRUSTED_PROXY_COUNT: _proxies, VERCEL: _vercel, ...withoutAddressSource } = process.env;
    const plain = spawnSync(
      path.join(copy, 'node_modules', '.bin', 'next'),
      ['start', '--port', String(await getPort()), '--hostname', '127.0.0.1'],
      {
        cwd: copy,
        encoding: 'utf8',
        timeout: 60_000,
        env: {
          ...withoutAddressSource,
          NEXT_PUBLIC_SUPABASE_URL: backend.url,
          NEXT_PUBLIC_SUPABASE_ANON_KEY: backend.anonKey,
          SUPABASE_SERVICE_ROLE_KEY: backend.serviceRoleKey,
        },
      },
    );
    const said = `${plain.stdout}${plain.stderr}`;
    expect(
      plain.status !== null && plain.status !== 0 && said.includes('TRUSTED_PROXY_COUNT'),
      `next start without a client-address source: exit ${plain.status}, signal ${plain.signal}:\n${said.slice(-2000)}`,
    );
    step('plain next start with no trustworthy client address refuses to start, naming TRUSTED_PROXY_COUNT', started);

    // Next's standalone server of the same build, run from a copy outside the checkout so that it
    // cannot borrow a package from the checkout's node_modules.
    const standalone = path.join(work, 'standalone');
    await cp(path.join(ROOT, DIST_DIR, 'standalone'), standalone, { recursive: true, verbatimSymlinks: true });
    step('the standalone folder copied out of the checkout', started);
    const standalonePort = await getPort();
    const standaloneUrl = `http://127.0.0.1:${standalonePort}`;
    site = await startServer(
      process.execPath,
      ['server.js'],
      standalone,
      { ...projectEnv, TRUSTED_PROXY_COUNT: '1', PORT: String(standalonePort), HOSTNAME: '127.0.0.1' },
      `${standaloneUrl}/en`,
    );
    await checkPagesAndSignIn(standaloneUrl, 'standalone');
    await checkCompression(standaloneUrl, 'standalone');
    step('standalone server (node server.js): pages, sign-in, gzip, Vary, 304 for its ETag', started);
    await stopGroup(site.pid);
    site = undefined;
  } finally {
    await edge?.stop();
    if (second !== undefined) await stopGroup(second.pid);
    if (site !== undefined) await stopGroup(site.pid);
    await backend?.stop();
    await rm(work, { recursive: true, force: true });
  }
  console.log(`Production start on production dependencies: OK in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`Production start check failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
