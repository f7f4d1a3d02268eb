import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import { expect, it } from 'vitest';

// The embedded backend stands on its own: the site, its scripts and its tests use it, never the
// other way round (a start with the site's content is scripts/lib/local-content.ts).
const ROOT = path.resolve(import.meta.dirname, '..');
const FOLDERS = ['src', 'test', 'scripts'].map((folder) => path.join(ROOT, folder));
const SPECIFIER = /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.(ts|mts|mjs)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

it('imports nothing from outside local-supabase/ but packages, in its source, its tests and its scripts', async () => {
  const outside: string[] = [];
  for (const file of (await Promise.all(FOLDERS.map(sourceFiles))).flat()) {
    const text = await readFile(file, 'utf8');
    for (const match of text.matchAll(SPECIFIER)) {
      const specifier = match[1] ?? match[2] ?? '';
      if (!specifier.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), specifier);
      if (!target.startsWith(`${ROOT}${path.sep}`)) outside.push(`${path.relative(ROOT, file)} → ${specifier}`);
    }
  }
  expect(outside).toEqual([]);
});
