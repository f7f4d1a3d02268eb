import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { ImageRefused, MAX_IMAGE_BYTES, processImage, variantWidths } from './process-image';

function picture(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } });
}

async function refusal(bytes: Uint8Array): Promise<string | undefined> {
  try {
    await processImage(bytes);
    return undefined;
  } catch (error) {
    if (error instanceof ImageRefused) return error.reason;
    throw error;
  }
}

describe('an uploaded image', () => {
  it('is refused as SVG, even one named and typed as a PNG, and as anything else that is not JPEG, PNG, WebP or AVIF', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(await refusal(svg)).toBe('unsupportedType');
    expect(await refusal(await picture(10, 10).gif().toBuffer())).toBe('unsupportedType');
    expect(await refusal(Buffer.from('%PDF-1.7\n'))).toBe('unsupportedType');
  });

  it('is refused when empty, over 5 MB, or cut off', async () => {
    expect(await refusal(new Uint8Array())).toBe('empty');
    const png = await picture(64, 64).png().toBuffer();
    const tooBig = Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES + 1 - png.byteLength)]);
    expect(await refusal(tooBig)).toBe('tooLarge');
    const jpeg = await picture(200, 200).jpeg().toBuffer();
    expect(await refusal(jpeg.subarray(0, 200))).toBe('unreadable');
  });

  it('loses its metadata: a PNG with a GPS position in its EXIF comes out without any', async () => {
    const withGps = await picture(600, 400)
      .withExif({ IFD0: { Copyright: 'Bitwerf' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 30/1 0/1' } })
      .png()
      .toBuffer();
    const exif = (await sharp(withGps).metadata()).exif;
    expect(exif?.toString('latin1')).toContain('Bitwerf');

    const { variants } = await processImage(withGps);
    for (const variant of variants) {
      const metadata = await sharp(variant.bytes).metadata();
      expect([metadata.format, metadata.exif, metadata.xmp, metadata.icc]).toEqual(['webp', undefined, undefined, undefined]);
    }
  });

  it('comes out as WebP variants at the standard widths below its own, and its own, never wider', async () => {
    const processed = await processImage(await picture(1200, 600).jpeg().toBuffer());
    expect(processed.variants.map(({ width, height, path }) => ({ width, height, path }))).toEqual([
      { width: 480, height: 240, path: `${processed.contentHash}/480.webp` },
      { width: 960, height: 480, path: `${processed.contentHash}/960.webp` },
      { width: 1200, height: 600, path: `${processed.contentHash}/1200.webp` },
    ]);
    expect([processed.width, processed.height]).toEqual([1200, 600]);
    expect(variantWidths(300)).toEqual([300]);
    expect(variantWidths(5000)).toEqual([480, 960, 1600, 2400]);
  });

  it('is turned upright from its EXIF orientation, with width and height as shown', async () => {
    const sideways = await picture(800, 400).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const processed = await processImage(sideways);
    expect([processed.width, processed.height]).toEqual([400, 800]);
    expect((await sharp(processed.variants[0]?.bytes).metadata()).orientation).toBeUndefined();
  });

  it('gives the same names and bytes when uploaded again, and other names for another image', async () => {
    const bytes = await picture(700, 300).png().toBuffer();
    const first = await processImage(bytes);
    const again = await processImage(bytes);
    expect(again.contentHash).toBe(first.contentHash);
    expect(again.variants.map((variant) => [variant.path, variant.bytes.toString('base64')])).toEqual(
      first.variants.map((variant) => [variant.path, variant.bytes.toString('base64')]),
    );
    const other = await processImage(await picture(700, 301).png().toBuffer());
    expect(other.contentHash).not.toBe(first.contentHash);
  });

  it('is accepted as WebP and AVIF too', async () => {
    for (const bytes of [await picture(100, 50).webp().toBuffer(), await picture(100, 50).avif().toBuffer()]) {
      expect((await processImage(bytes)).variants.map((variant) => variant.width)).toEqual([100]);
    }
  });
});
