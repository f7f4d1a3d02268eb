import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

/*
 * The production code uses Next through its public entry points only, and patches nothing of
 * Node's: an upgrade of Next cannot silently change what the site relies on. Where no public API
 * exists, the need goes to a decision record first, with a test that fails on the installed Next
 * the day the private thing changes.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** What runs in production: the site, its configuration, and `npm start`'s launcher. */
function productionFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) return walk(relative);
      return /\.(?:ts|tsx|mjs)$/.test(entry.name) && !/\.test\.tsx?$|\.d\.mts$/.test(entry.name) ? [relative] : [];
    });
  return [
    ...walk('src'),
    'next.config.ts',
    'scripts/start.ts',
    'scripts/lib/launch-plan.ts',
    'scripts/lib/foreground-child.ts',
    'scripts/lib/next-bin.ts',
  ];
}

const PRIVATE_IMPORT = /(?:from\s+|import\(\s*|require\(\s*)['"](next\/dist\/[^'"]+)['"]/g;
const NODE_PATCH = /\b(?:ServerResponse|IncomingMessage|OutgoingMessage|Server|Socket|EventEmitter)\.prototype\b|\bprocess\.execve\b/;

describe('the boundary between the site and its framework', () => {
  const files = productionFiles();

  it('reads the files it checks', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain('src/proxy.ts');
  });

  it('imports nothing from next/dist/', () => {
    const found = files.flatMap((file) =>
      [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(PRIVATE_IMPORT)].map((match) => ({ file, module: match[1] })),
    );
    expect(found).toEqual([]);
  });

  it('patches no built-in of Node and re-executes no process', () => {
    expect(files.filter((file) => NODE_PATCH.test(readFileSync(path.join(ROOT, file), 'utf8')))).toEqual([]);
  });
});
