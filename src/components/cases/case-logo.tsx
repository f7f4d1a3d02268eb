import { contentImagesBaseUrl } from '@/lib/content-images/public-url';
import type { ContentImage } from '@/lib/content-images/variants';
import { getSupabasePublicEnv } from '@/lib/env/supabase-public';

type CaseLogoProps = {
  image: ContentImage;
  /** The logo's alt text in the language of the text around it. */
  alt: string;
  /** The width the logo takes in the layout, for the browser to pick a variant. */
  sizes: string;
  className?: string;
};

/** A client's logo from the image library: its variants as a srcset, its size reserved, loaded lazily. */
export function CaseLogo({ image, alt, sizes, className = '' }: CaseLogoProps) {
  const base = contentImagesBaseUrl(getSupabasePublicEnv().url);
  const smallest = image.variants[0];
  if (smallest === undefined) return null;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- the variants are already resized WebP on a public bucket (decision 0002)
    <img
      src={`${base}${smallest.path}`}
      srcSet={image.variants.map((variant) => `${base}${variant.path} ${variant.width}w`).join(', ')}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      loading="lazy"
      decoding="async"
      className={className}
    />
  );
}
