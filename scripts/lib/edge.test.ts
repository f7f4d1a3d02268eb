import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { edgeConfig, NGINX } from './edge';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let workDir: string;
beforeEach(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'edge-config-'));
});
afterEach(() => rm(workDir, { recursive: true, force: true }));

const options = () => ({ root: ROOT, port: 3200, upstreams: [3210, 3220], staticDir: path.join(ROOT, '.next', 'static'), workDir });

describe('the edge configuration', () => {
  it('is the repository’s two include files around this machine’s addresses and folders', () => {
    const config = edgeConfig(options());
    expect(config).toContain(`include ${path.join(ROOT, 'deploy', 'nginx', 'bitwerf-http.conf')};`);
    expect(config).toContain(`include ${path.join(ROOT, 'deploy', 'nginx', 'bitwerf-server.conf')};`);
    expect(config).toMatch(/upstream bitwerf \{\s+server 127\.0\.0\.1:3210;\s+server 127\.0\.0\.1:3220;/);
    expect(config).toContain('listen 127.0.0.1:3200;');
    expect(config).toContain(`set $bitwerf_static ${path.join(ROOT, '.next', 'static')};`);
    expect(config).toContain(`proxy_cache_path ${path.join(workDir, 'cache')} `);
  });

  it.skipIf(!existsSync(NGINX))('is accepted by Debian’s nginx, with the deploy files as they are', async () => {
    const file = path.join(workDir, 'nginx.conf');
    await writeFile(file, edgeConfig(options()));
    const test = spawnSync(NGINX, ['-t', '-p', workDir, '-c', file, '-e', path.join(workDir, 'error.log')], { encoding: 'utf8' });
    expect(`${test.stdout}${test.stderr}`).toMatch(/syntax is ok/);
    expect(test.status).toBe(0);
  });
});
