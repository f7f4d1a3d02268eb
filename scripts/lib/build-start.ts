import { builtinModules } from 'node:module';
import path from 'node:path';

import { build, type Metafile } from 'esbuild';

/*
 * Compiles `npm start`'s launcher (scripts/start.ts and the modules it imports from this project) to
 * plain JavaScript in scripts/dist, so that `npm start` runs on `node` alone, with no TypeScript
 * loader. Packages stay imports, resolved from node_modules at run time as Next's are.
 */

export const START_ENTRY = 'scripts/start.ts';

export interface BuiltStart {
  /** Packages the compiled launcher imports, by how: `static` on every start, `dynamic` only on a path that asks for them. */
  packages: { static: string[]; dynamic: string[] };
}

/** `next/dist/x` → `next`, `@next/env` → `@next/env`; null for Node's own modules and files. */
export function packageName(specifier: string): string | null {
  if (specifier.startsWith('node:') || builtinModules.includes(specifier) || specifier.startsWith('.') || path.isAbsolute(specifier))
    return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? null);
}

function importedPackages(metafile: Metafile): BuiltStart['packages'] {
  const found = { static: new Set<string>(), dynamic: new Set<string>() };
  for (const output of Object.values(metafile.outputs)) {
    for (const imported of output.imports) {
      if (!imported.external) continue;
      const name = packageName(imported.path);
      if (name !== null) found[imported.kind === 'dynamic-import' ? 'dynamic' : 'static'].add(name);
    }
  }
  const dynamicOnly = [...found.dynamic].filter((name) => !found.static.has(name));
  return { static: [...found.static].sort(), dynamic: dynamicOnly.sort() };
}

export async function buildStart(root: string, outdir = path.join(root, 'scripts', 'dist')): Promise<BuiltStart> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: { start: START_ENTRY },
    outdir,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    packages: 'external',
    metafile: true,
    logLevel: 'warning',
  });
  return { packages: importedPackages(result.metafile) };
}
