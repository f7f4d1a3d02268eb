import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

/*
 * The production code uses Next through its public entry points only, and patches nothing of
 * Node's. Where no public API exists, the exception is named here with its decision record, and a
 * test below fails on the installed Next the day the private thing changes.
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

/** Private modules of Next that production code may import, each with the record that says why. */
const ALLOWED_PRIVATE_IMPORTS: Record<string, { module: string; record: string }> = {
  'src/components/security/use-script-nonce.ts': {
    module: 'next/dist/shared/lib/head-manager-context.shared-runtime',
    record: 'docs/decisions/0021-the-script-nonce-from-next-s-context.md',
  },
};

const PRIVATE_IMPORT = /(?:from\s+|import\(\s*|require\(\s*)['"](next\/dist\/[^'"]+)['"]/g;
const NODE_PATCH = /\b(?:ServerResponse|IncomingMessage|OutgoingMessage|Server|Socket|EventEmitter)\.prototype\b|\bprocess\.execve\b/;

describe('the boundary between the site and its framework', () => {
  const files = productionFiles();

  it('reads the files it checks', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain('src/proxy.ts');
  });

  it('imports nothing from next/dist/ but the exceptions on record', () => {
    const found = files.flatMap((file) =>
      [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(PRIVATE_IMPORT)].map((match) => ({ file, module: match[1] })),
    );
    const unrecorded = found.filter(({ file, module }) => ALLOWED_PRIVATE_IMPORTS[file]?.module !== module);
    expect(unrecorded).toEqual([]);
  });

  it('patches no built-in of Node and re-executes no process', () => {
    expect(files.filter((file) => NODE_PATCH.test(readFileSync(path.join(ROOT, file), 'utf8')))).toEqual([]);
  });

  it.each(Object.entries(ALLOWED_PRIVATE_IMPORTS))(
    '%s: the private module is still there on the installed Next, as its record says',
    (file, { module, record }) => {
      expect(readFileSync(path.join(ROOT, record), 'utf8')).toContain(module);
      expect(readFileSync(path.join(ROOT, file), 'utf8')).toContain(record.split('/').pop()?.replace(/\.md$/, '') ?? record);
      const loaded: unknown = createRequire(path.join(ROOT, file))(module);
      // The one name the site reads from it: a React context whose value carries the nonce.
      const context = (loaded as { HeadManagerContext?: { Provider?: unknown; $$typeof?: symbol } }).HeadManagerContext;
      expect(context?.$$typeof).toBe(Symbol.for('react.context'));
      expect(context?.Provider).toBeDefined();
    },
  );
});
