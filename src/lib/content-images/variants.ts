import { z } from 'zod';

/** One stored WebP variant of an image, as `content_images.variants` holds them (smallest first). */
export const imageVariant = z.strictObject({
  width: z.int().positive(),
  height: z.int().positive(),
  path: z.string().regex(/^[0-9a-f]{64}\/\d+\.webp$/),
});
export const imageVariants = z.array(imageVariant).min(1);

export type ImageVariantRow = z.output<typeof imageVariant>;

/** An image as pages and the library use it: the jsonb variants checked. */
export type ContentImage = {
  contentHash: string;
  width: number;
  height: number;
  variants: ImageVariantRow[];
  altNl: string;
  altEn: string;
};

type Row = { content_hash: string; width: number; height: number; variants: unknown; alt_nl: string; alt_en: string };

/** A content_images row (or content_images_public() row) with its variants checked; undefined when they are malformed. */
export function contentImageFromRow(row: Row): ContentImage | undefined {
  const variants = imageVariants.safeParse(row.variants);
  if (!variants.success) return undefined;
  const sorted = [...variants.data].sort((a, b) => a.width - b.width);
  return { contentHash: row.content_hash, width: row.width, height: row.height, variants: sorted, altNl: row.alt_nl, altEn: row.alt_en };
}
