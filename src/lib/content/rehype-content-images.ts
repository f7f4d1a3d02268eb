import type { Element, Root } from 'hast';
import { visit } from 'unist-util-visit';

import { contentImagesBaseUrl } from '@/lib/content-images/public-url';
import type { ContentImage } from '@/lib/content-images/variants';

export type RehypeContentImagesOptions = {
  /** The library's images (content_images_public()), with their variants checked. */
  images: readonly ContentImage[];
  /** The project URL the variants are served from (NEXT_PUBLIC_SUPABASE_URL). */
  projectUrl: string;
  /** The width an image takes in the layout, for the browser to pick a variant. */
  sizes?: string;
};

/** The column of a post or vacancy: full width on a phone, at most 48rem beside nothing. */
const DEFAULT_SIZES = '(min-width: 48rem) 48rem, 100vw';

/**
 * Gives each `<img>` whose src is one of our variants the image's width and height (so the page
 * keeps its place before the image loads), a srcset of all its variants, sizes, lazy loading and
 * async decoding. Other images are left as they are. Pure: the images come as an argument.
 */
export function rehypeContentImages({ images, projectUrl, sizes = DEFAULT_SIZES }: RehypeContentImagesOptions) {
  const base = contentImagesBaseUrl(projectUrl);
  const byPath = new Map(images.flatMap((image) => image.variants.map((variant) => [variant.path, image] as const)));
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      if (node.tagName !== 'img') return;
      const src = node.properties.src;
      if (typeof src !== 'string' || !src.startsWith(base)) return;
      const image = byPath.get(src.slice(base.length));
      if (image === undefined) return;
      node.properties.width = image.width;
      node.properties.height = image.height;
      node.properties.srcSet = image.variants.map((variant) => `${base}${variant.path} ${variant.width}w`).join(', ');
      node.properties.sizes = sizes;
      node.properties.loading = 'lazy';
      node.properties.decoding = 'async';
    });
  };
}
