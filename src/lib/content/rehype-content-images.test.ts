import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';

import type { ContentImage } from '@/lib/content-images/variants';

import { rehypeContentImages } from './rehype-content-images';

const PROJECT = 'https://project.supabase.co';
const BASE = `${PROJECT}/storage/v1/object/public/content-images`;
const hash = 'a'.repeat(64);
const image: ContentImage = {
  contentHash: hash,
  width: 1200,
  height: 800,
  variants: [
    { width: 480, height: 320, path: `${hash}/480.webp` },
    { width: 960, height: 640, path: `${hash}/960.webp` },
    { width: 1200, height: 800, path: `${hash}/1200.webp` },
  ],
  altNl: 'Een bureau',
  altEn: 'A desk',
};

async function render(markdown: string, images: ContentImage[] = [image]): Promise<string> {
  const file = await unified()
    .use(remarkParse)
    .use(remarkRehype)
    .use(rehypeContentImages, { images, projectUrl: PROJECT })
    .use(rehypeStringify)
    .process(markdown);
  return String(file);
}

describe('rehypeContentImages', () => {
  it('gives one of our variants its size, a srcset of every variant, sizes, lazy loading and async decoding', async () => {
    expect(await render(`![A desk](<${BASE}/${hash}/1200.webp>)`)).toBe(
      `<p><img src="${BASE}/${hash}/1200.webp" alt="A desk" width="1200" height="800" ` +
        `srcset="${BASE}/${hash}/480.webp 480w, ${BASE}/${hash}/960.webp 960w, ${BASE}/${hash}/1200.webp 1200w" ` +
        `sizes="(min-width: 48rem) 48rem, 100vw" loading="lazy" decoding="async"></p>`,
    );
  });

  it('recognises any variant of the image as its src', async () => {
    expect(await render(`![A desk](${BASE}/${hash}/480.webp)`)).toContain('width="1200" height="800"');
  });

  it('leaves other images alone: another host, another bucket, or a path the library does not hold', async () => {
    for (const src of [
      `https://elsewhere.example/storage/v1/object/public/content-images/${hash}/480.webp`,
      `${PROJECT}/storage/v1/object/public/other/${hash}/480.webp`,
      `${BASE}/${'b'.repeat(64)}/480.webp`,
      '/images/local.png',
    ]) {
      expect(await render(`![x](${src})`)).toBe(`<p><img src="${src}" alt="x"></p>`);
    }
  });
});
