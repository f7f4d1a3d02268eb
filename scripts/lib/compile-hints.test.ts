import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { addCompileHints, COMPILE_HINT, withCompileHint } from './compile-hints';

let dist = '';
beforeEach(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'compile-hints-'));
  await mkdir(path.join(dist, 'static', 'chunks'), { recursive: true });
});
afterEach(() => rm(dist, { recursive: true, force: true }));

async function writeBuild(rootMainFiles: unknown, chunks: Record<string, string>) {
  await writeFile(path.join(dist, 'build-manifest.json'), JSON.stringify({ rootMainFiles, polyfillFiles: [] }));
  for (const [name, source] of Object.entries(chunks)) await writeFile(path.join(dist, 'static', 'chunks', name), source);
}
const chunk = (name: string) => readFile(path.join(dist, 'static', 'chunks', name), 'utf8');

describe('compile hints for the start-up scripts', () => {
  it('puts the hint on the first line of every script each page starts with, and leaves other chunks lazy', async () => {
    await writeBuild(['static/chunks/react-dom.js', 'static/chunks/runtime.js'], {
      'react-dom.js': 'a();',
      'runtime.js': 'b();',
      'later.js': 'c();',
    });
    expect(await addCompileHints(dist)).toEqual(['static/chunks/react-dom.js', 'static/chunks/runtime.js']);
    expect(await chunk('react-dom.js')).toBe(`${COMPILE_HINT}\na();`);
    expect(await chunk('runtime.js')).toBe(`${COMPILE_HINT}\nb();`);
    expect(await chunk('later.js')).toBe('c();');
  });

  it('marks a script once, however often the step runs', async () => {
    await writeBuild(['static/chunks/runtime.js'], { 'runtime.js': 'b();' });
    await addCompileHints(dist);
    expect(await addCompileHints(dist)).toEqual([]);
    expect(withCompileHint(withCompileHint('b();'))).toBe(`${COMPILE_HINT}\nb();`);
  });

  it('fails by name when the manifest no longer lists the start-up scripts', async () => {
    await writeBuild(undefined, {});
    await expect(addCompileHints(dist)).rejects.toThrow(/rootMainFiles/);
  });
});
