import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { countTraces, missingTracedFiles } from './traced-files';

let root: string;

afterEach(() => rm(root, { recursive: true, force: true }));

describe('missingTracedFiles', () => {
  it('names each traced package file that a pruned install no longer has, and nothing else', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'traced-'));
    await mkdir(path.join(root, 'node_modules', 'kept'), { recursive: true });
    await writeFile(path.join(root, 'node_modules', 'kept', 'index.js'), '');
    await mkdir(path.join(root, '.next', 'server', 'app'), { recursive: true });
    await writeFile(
      path.join(root, '.next', 'server', 'app', 'page.js.nft.json'),
      JSON.stringify({ files: ['../../../node_modules/kept/index.js', '../../../node_modules/pruned/index.js', '../chunks/a.js'] }),
    );
    expect(await countTraces(path.join(root, '.next'))).toBe(1);
    expect(await missingTracedFiles(root, path.join(root, '.next'))).toEqual([path.join('node_modules', 'pruned', 'index.js')]);
  });
});
