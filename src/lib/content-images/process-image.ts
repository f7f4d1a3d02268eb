import { createHash } from 'node:crypto';

import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

// An uploaded image becomes WebP variants at a few widths, never wider than the original, with its
// metadata (EXIF with a camera's GPS position, XMP, ICC comments) stripped and its orientation
// applied. The names come from the original's bytes, so the same upload always gives the same files.

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** The widths the site renders an image at; an original narrower than one gets its own width instead. */
export const VARIANT_WIDTHS = [480, 960, 1600, 2400] as const;
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif']);
/** Refuses decompression bombs: a few MB of PNG can claim gigapixels. */
const MAX_INPUT_PIXELS = 50_000_000;
const MAX_SIDE = 10_000;

export type ImageVariant = { width: number; height: number; path: string; bytes: Buffer };
export type ProcessedImage = { contentHash: string; width: number; height: number; variants: ImageVariant[] };
export type ImageRefusal = 'empty' | 'tooLarge' | 'unsupportedType' | 'unreadable';

export class ImageRefused extends Error {
  constructor(readonly reason: ImageRefusal) {
    super(`image refused: ${reason}`);
  }
}

/** The widths to write for an original of this width: every standard width below it, and its own (capped) width. */
export function variantWidths(originalWidth: number): number[] {
  const largest = Math.min(originalWidth, VARIANT_WIDTHS.at(-1) ?? originalWidth);
  return [...new Set([...VARIANT_WIDTHS.filter((width) => width < largest), largest])];
}

/** Checks an upload by its bytes and turns it into WebP variants; throws ImageRefused for what it will not take. */
export async function processImage(bytes: Uint8Array): Promise<ProcessedImage> {
  if (bytes.byteLength === 0) throw new ImageRefused('empty');
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new ImageRefused('tooLarge');
  // SVG (text, and able to carry script) has no magic number, so it is never detected as one of these.
  const type = await fileTypeFromBuffer(bytes);
  if (type === undefined || !ACCEPTED.has(type.mime)) throw new ImageRefused('unsupportedType');

  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const open = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).autoOrient();
  let width: number;
  let height: number;
  try {
    // autoOrient: the size after the EXIF orientation is applied, as the variants come out.
    const metadata = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).metadata();
    width = metadata.autoOrient.width;
    height = metadata.autoOrient.height;
  } catch {
    throw new ImageRefused('unreadable');
  }
  if (width > MAX_SIDE || height > MAX_SIDE) throw new ImageRefused('tooLarge');

  const contentHash = createHash('sha256').update(input).digest('hex');
  try {
    const variants = await Promise.all(
      variantWidths(width).map(async (variantWidth) => {
        // sharp writes no metadata unless asked to (keepMetadata/withMetadata), so none survives.
        const { data, info } = await open().resize({ width: variantWidth }).webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
        return { width: info.width, height: info.height, path: `${contentHash}/${info.width}.webp`, bytes: data };
      }),
    );
    const largest = variants.at(-1);
    if (largest === undefined) throw new ImageRefused('unreadable');
    return { contentHash, width: largest.width, height: largest.height, variants };
  } catch (error) {
    if (error instanceof ImageRefused) throw error;
    throw new ImageRefused('unreadable');
  }
}
