import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { completeStandalone } from './complete-standalone';

let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'standalone-'));
  await mkdir(path.join(root, 'public', 'fonts'), { recursive: true });
  await writeFile(path.join(root, 'public', 'fonts', 'poppins.woff2'), 'font');
  await mkdir(path.join(root, '.next', 'static', 'chunks'), { recursive: true });
  for (const name of ['app.js', 'app.js.br', 'app.js.gz']) await writeFile(path.join(root, '.next', 'static', 'chunks', name), name);
});

afterEach(() => rm(root, { recursive: true, force: true }));

describe('completeStandalone', () => {
  it('puts the public files and the build’s static files beside the standalone server, with the precompressed copies for the edge', async () => {
    await mkdir(path.join(root, '.next', 'standalone'), { recursive: true });
    await writeFile(path.join(root, '.next', 'standalone', 'server.js'), '');

    expect(await completeStandalone(root, path.join(root, '.next'))).toBe(path.join(root, '.next', 'standalone'));

    const standalone = path.join(root, '.next', 'standalone');
    expect(await readFile(path.join(standalone, 'public', 'fonts', 'poppins.woff2'), 'utf8')).toBe('font');
    expect(await readFile(path.join(standalone, '.next', 'static', 'chunks', 'app.js'), 'utf8')).toBe('app.js');
    expect(await readFile(path.join(standalone, '.next', 'static', 'chunks', 'app.js.br'), 'utf8')).toBe('app.js.br');
    expect(await readFile(path.join(standalone, '.next', 'static', 'chunks', 'app.js.gz'), 'utf8')).toBe('app.js.gz');
  });

  it('does nothing for a build without standalone output', async () => {
    expect(await completeStandalone(root, path.join(root, '.next'))).toBeNull();
    expect(existsSync(path.join(root, '.next', 'standalone'))).toBe(false);
  });
});
