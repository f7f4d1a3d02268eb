import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Runs one bench; a bench that could not run is reported as such, never thrown. True when it ran. */
export async function runBench(name: string, bench: () => Promise<unknown>): Promise<boolean> {
  try {
    await bench();
    return true;
  } catch (error) {
    console.error(`[bench] ${name} could not run: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}

/**
 * Runs the bench when its module is the file node was started with (`tsx bench/uploads.ts`), and
 * exits 0, or 1 when it could not run; `npm run bench` imports the module instead.
 */
export function runWhenStarted(moduleUrl: string, name: string, bench: () => Promise<unknown>): void {
  const started = process.argv[1];
  if (started === undefined || moduleUrl !== pathToFileURL(path.resolve(started)).href) return;
  void runBench(name, bench).then((ran) => process.exit(ran ? 0 : 1));
}
