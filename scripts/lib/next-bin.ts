import { createRequire } from 'node:module';
import path from 'node:path';

/** Next's command-line program, found through the `bin` its package.json publishes. */
export function nextBin(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('next/package.json');
  const { bin } = require(manifest) as { bin: { next: string } };
  return path.join(path.dirname(manifest), bin.next);
}
