import { entryOgImage } from '@/components/seo/entry-og-image';
import { ogSize } from '@/components/seo/og-image';
import { getCase } from '@/lib/content/case-studies';

// Built from published content: as long as a public page (src/lib/page-cache/lifetimes.mjs).
export const revalidate = 1;

export const alt = 'Bitwerf';
export const size = ogSize;
export const contentType = 'image/png';

export default entryOgImage(getCase);
