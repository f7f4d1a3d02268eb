import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { PAGE_EXPIRE_SECONDS, PAGE_REVALIDATE_SECONDS } from './lifetimes.mjs';

const ROOT = path.join(__dirname, '..', '..', '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** Every route segment config that must say how long a public page lives: Next reads them as literals. */
const SEGMENTS = [
  'src/app/[locale]/layout.tsx',
  'src/app/blog/rss.xml/route.ts',
  'src/app/en/blog/rss.xml/route.ts',
  'src/app/sitemap.ts',
  'src/app/.well-known/security.txt/route.ts',
  'src/app/[locale]/(site)/blog/[slug]/opengraph-image.tsx',
  'src/app/[locale]/(site)/vacancies/[slug]/opengraph-image.tsx',
  'src/app/[locale]/(site)/cases/[slug]/opengraph-image.tsx',
];

describe('how long a public page lives', () => {
  it.each(SEGMENTS)('%s repeats PAGE_REVALIDATE_SECONDS as its literal', (file) => {
    expect(read(file)).toMatch(new RegExp(`^export const revalidate = ${PAGE_REVALIDATE_SECONDS};$`, 'm'));
  });

  it('is the expireTime next.config.ts gives Next, so no cache keeps a page past it', () => {
    expect(read('next.config.ts')).toMatch(/expireTime: PAGE_EXPIRE_SECONDS,/);
    expect(PAGE_EXPIRE_SECONDS).toBeGreaterThan(PAGE_REVALIDATE_SECONDS);
  });

  it('keeps the promise behind a cache that honours Cache-Control: two lifetimes well within five seconds', () => {
    expect(2 * PAGE_EXPIRE_SECONDS).toBeLessThanOrEqual(4);
  });

  it('names no other revalidate anywhere a public page is built', () => {
    const others = SEGMENTS.map(
      (file) => [file, [...read(file).matchAll(/export const revalidate = (\d+)/g)].map((m) => Number(m[1]))] as const,
    );
    expect(others.filter(([, values]) => values.some((value) => value !== PAGE_REVALIDATE_SECONDS))).toEqual([]);
  });
});
