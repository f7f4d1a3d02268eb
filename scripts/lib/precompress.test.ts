import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { precompressDirectory } from './precompress';

const SCRIPT = `console.log(${JSON.stringify('Maatwerksoftware uit Zwolle. '.repeat(200))});`;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'precompress-'));
  await mkdir(path.join(dir, 'chunks'));
  await writeFile(path.join(dir, 'chunks', 'app.js'), SCRIPT);
  await writeFile(path.join(dir, 'chunks', 'tiny.js'), 'let a = 1;');
  await writeFile(path.join(dir, 'font.woff2'), Buffer.alloc(4096, 7));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

describe('precompressDirectory', () => {
  it('writes a brotli and a gzip copy of each text file, in subfolders too, that decode to the file', async () => {
    const done = await precompressDirectory(dir);
    const file = path.join(dir, 'chunks', 'app.js');
    expect(done.map((entry) => entry.file)).toEqual([file]);
    expect(brotliDecompressSync(await readFile(`${file}.br`)).toString()).toBe(SCRIPT);
    expect(gunzipSync(await readFile(`${file}.gz`)).toString()).toBe(SCRIPT);
    expect(done[0]?.written.br).toBeLessThan(SCRIPT.length);
  });

  it('leaves files too small to gain and formats that are compressed already', async () => {
    await precompressDirectory(dir);
    expect(await exists(path.join(dir, 'chunks', 'tiny.js.br'))).toBe(false);
    expect(await exists(path.join(dir, 'font.woff2.br'))).toBe(false);
    expect(await exists(path.join(dir, 'font.woff2.gz'))).toBe(false);
  });

  it('never writes a copy that is larger than the file', async () => {
    // Random bytes do not compress: both copies would come out larger.
    await writeFile(path.join(dir, 'data.json'), randomBytes(4096));
    await precompressDirectory(dir);
    expect(await exists(path.join(dir, 'data.json.br'))).toBe(false);
    expect(await exists(path.join(dir, 'data.json.gz'))).toBe(false);
  });
});
