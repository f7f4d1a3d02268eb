import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/*
 * V8's explicit compile hint (Chrome 136+): a script that starts with this comment has all its
 * functions compiled eagerly, on a background thread while it streams in. Without it, V8 compiles
 * each function lazily on its first call, on the main thread. For the scripts every page runs at
 * start-up (React DOM, Next's client runtime, Turbopack's loader) those first calls all fall in
 * one task, when Next boots, and that task was nearly all of the pages' Total Blocking Time; with
 * the hint most of that compiling leaves the main thread (the README's "Layout of the code" has
 * the figures). Other engines read a comment.
 *
 * Turbopack has no option to emit it, hence a step after `next build`. Only the manifest's
 * `rootMainFiles` are marked: every function in them runs on load, which is what the hint
 * promises. Chunks loaded later keep lazy compilation.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The script with the hint as its first line; unchanged if it already has it. */
export function withCompileHint(source: string): string {
  return source.startsWith(COMPILE_HINT) ? source : `${COMPILE_HINT}\n${source}`;
}

function rootMainFiles(manifest: unknown): string[] {
  const files = typeof manifest === 'object' && manifest !== null && 'rootMainFiles' in manifest ? manifest.rootMainFiles : undefined;
  if (!Array.isArray(files) || files.length === 0 || !files.every((file): file is string => typeof file === 'string')) {
    throw new Error('build-manifest.json has no rootMainFiles: the build layout of Next changed, see scripts/lib/compile-hints.ts');
  }
  return files;
}

/** Marks the start-up scripts of the build in `distDir`; returns the files it changed. */
export async function addCompileHints(distDir: string): Promise<string[]> {
  const manifest: unknown = JSON.parse(await readFile(path.join(distDir, 'build-manifest.json'), 'utf8'));
  const changed: string[] = [];
  for (const file of rootMainFiles(manifest).filter((name) => name.endsWith('.js'))) {
    const full = path.join(distDir, file);
    const source = await readFile(full, 'utf8');
    const hinted = withCompileHint(source);
    if (hinted === source) continue;
    await writeFile(full, hinted);
    changed.push(file);
  }
  return changed;
}
