import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildStart, packageName, type BuiltStart } from './build-start';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Loaded only by the local preview (no project configured), which runs in a full install. */
const PREVIEW_ONLY = ['tsx'];

let outdir: string;
let built: BuiltStart;

beforeAll(async () => {
  outdir = await mkdtemp(path.join(os.tmpdir(), 'start-build-'));
  built = await buildStart(ROOT, outdir);
});

afterAll(() => rm(outdir, { recursive: true, force: true }));

describe('the compiled launcher (npm start)', () => {
  it('is plain JavaScript that loads no TypeScript and no TypeScript loader on the production path', async () => {
    const code = await readFile(path.join(outdir, 'start.js'), 'utf8');
    expect(code).not.toMatch(/\bfrom\s+["']tsx|\bfrom\s+["'][^"']*\.ts["']/);
    expect(built.packages.static).not.toContain('tsx');
  });

  it('imports, on every start, only packages that are production dependencies (kept by npm prune --omit=dev)', () => {
    expect(built.packages.static.length).toBeGreaterThan(0);
    expect(built.packages.static.filter((name) => !(name in manifest.dependencies))).toEqual([]);
  });

  it('loads development packages only on the local preview path', () => {
    expect(built.packages.dynamic.filter((name) => !(name in manifest.dependencies))).toEqual(PREVIEW_ONLY);
    for (const name of PREVIEW_ONLY) expect(manifest.devDependencies).toHaveProperty(name);
  });
});

describe('packageName', () => {
  it('names the package of a specifier, and nothing for Node and files', () => {
    expect(packageName('next/dist/server/next')).toBe('next');
    expect(packageName('@next/env')).toBe('@next/env');
    expect(packageName('node:http')).toBeNull();
    expect(packageName('zlib')).toBeNull();
    expect(packageName('./start.js')).toBeNull();
  });
});
