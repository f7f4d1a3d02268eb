import 'server-only';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import type { z } from 'zod';

import { parseContentFile, type ContentEntry } from './parse-content-file';

export type Collection = 'blog' | 'vacancies';

// Resolved from the project root (where `next build`/`next start` run), not from this module,
// whose location changes once it is bundled.
const contentRoot = path.join(process.cwd(), 'content');

/** Every `.mdx` file of a collection, parsed and validated; the first invalid file throws. */
export async function readCollection<Schema extends z.ZodType>(
  collection: Collection,
  schema: Schema,
): Promise<ContentEntry<z.output<Schema>>[]> {
  const dir = path.join(contentRoot, collection);
  const names = (await readdir(dir)).filter((name) => name.endsWith('.mdx')).sort();
  return Promise.all(
    names.map(async (name) => parseContentFile(`content/${collection}/${name}`, await readFile(path.join(dir, name), 'utf8'), schema)),
  );
}
