import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/*
 * The recommended edge (deploy/nginx/) in front of local instances, for the production check, the
 * end-to-end tests and the bench: Debian's nginx, run in the foreground from a folder of its own,
 * with the repository's two include files as they are and only what a machine decides written here
 * (the address it listens on, the instances, the static folder, where it keeps its cache).
 */

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const MODULES = '/usr/lib/nginx/modules';

export type EdgeOptions = {
  /** The repository, whose deploy/nginx/ files are included. */
  root: string;
  port: number;
  /** The ports of the `next start` instances on 127.0.0.1. */
  upstreams: number[];
  /** The build's static folder (…/.next/static). */
  staticDir: string;
  /** The folder nginx runs in: its configuration, cache, temporary files and logs. */
  workDir: string;
};

/** The top-level configuration: the repository's includes, and this machine's addresses and folders. */
export function edgeConfig({ root, port, upstreams, staticDir, workDir }: EdgeOptions): string {
  const deploy = path.join(root, 'deploy', 'nginx');
  const modules = ['ngx_http_brotli_filter_module.so', 'ngx_http_brotli_static_module.so'].map(
    (file) => `load_module ${path.join(MODULES, file)};`,
  );
  return [
    // Started by root (CI), nginx would hand its workers to `nobody`, who may not write this folder.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'daemon off;',
    'worker_processes 1;',
    `pid ${path.join(workDir, 'nginx.pid')};`,
    `error_log ${path.join(workDir, 'error.log')} warn;`,
    ...modules,
    'events { worker_connections 1024; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    '  access_log off;',
    '  sendfile on;',
    // What Debian's own nginx.conf says, which the include leaves to it.
    '  gzip on;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${path.join(workDir, `${kind}-temp`)};`),
    `  include ${path.join(deploy, 'bitwerf-http.conf')};`,
    '  upstream bitwerf {',
    ...upstreams.map((upstream) => `    server 127.0.0.1:${upstream};`),
    '    keepalive 16;',
    '  }',
    `  proxy_cache_path ${path.join(workDir, 'cache')} levels=1:2 keys_zone=bitwerf:10m max_size=64m inactive=10m use_temp_path=off;`,
    '  server {',
    `    listen 127.0.0.1:${port};`,
    '    client_max_body_size 25m;',
    `    set $bitwerf_static ${staticDir};`,
    `    include ${path.join(deploy, 'bitwerf-server.conf')};`,
    '  }',
    '}',
    '',
  ].join('\n');
}

export type Edge = { url: string; process: ChildProcess; stop: () => Promise<void> };

/** Starts nginx with edgeConfig() and resolves once it answers on its port. */
export async function startEdge(options: Omit<EdgeOptions, 'workDir'> & { workDir?: string }): Promise<Edge> {
  if (!existsSync(NGINX)) throw new Error(`No nginx at ${NGINX}: run scripts/ensure-nginx.sh (NGINX_PATH names another).`);
  const workDir = options.workDir ?? (await mkdtemp(path.join(os.tmpdir(), 'bitwerf-edge-')));
  await mkdir(workDir, { recursive: true });
  const config = path.join(workDir, 'nginx.conf');
  await writeFile(config, edgeConfig({ ...options, workDir }));
  const child = spawn(NGINX, ['-p', workDir, '-c', config, '-e', path.join(workDir, 'error.log')], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${options.port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`nginx exited (${code}) before it answered: see ${path.join(workDir, 'error.log')}`))),
  );
  const answering = (async () => {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      try {
        await fetch(`${url}/_next/static/`, { signal: AbortSignal.timeout(1000) });
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    throw new Error(`nginx did not answer on ${url}`);
  })();
  await Promise.race([answering, exited]);
  const stop = async () => {
    if (child.exitCode === null) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    if (options.workDir === undefined) await rm(workDir, { recursive: true, force: true });
  };
  return { url, process: child, stop };
}
