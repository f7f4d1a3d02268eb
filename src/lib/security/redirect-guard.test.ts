import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { describe, expect, it } from 'vitest';

const src = join(__dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

// The names under which a request carries somewhere to go next: a query parameter, a form field, or
// a page's `searchParams` prop.
const TARGET_INPUT =
  /\.get\(\s*'(?:next|path|redirect|redirect_to|redirectTo|returnTo|return_to)'\s*\)|searchParams\)?\.(?:next|path|redirect|returnTo)\b/;

describe('the redirect guard', () => {
  it('is what every module that reads a redirect target from a request sends it through', () => {
    const readers = sourceFiles(src).filter((file) => TARGET_INPUT.test(readFileSync(file, 'utf8')));
    expect(readers.length).toBeGreaterThan(0);
    const unguarded = readers.filter((file) => !/\bsafeNextPath\(/.test(readFileSync(file, 'utf8'))).map((file) => relative(src, file));
    expect(unguarded).toEqual([]);
  });

  it('has no second implementation that normalises a path with the URL parser', () => {
    // `new URL(value, base).pathname` turns `/.//host` into `//host`: the bug class the guard exists for.
    const helpers = sourceFiles(src)
      .filter((file) => !file.endsWith(join('security', 'safe-redirect.ts')))
      .filter((file) => /new URL\([^)]*,\s*(?:base|BASE)\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(src, file));
    expect(helpers).toEqual([]);
  });
});
