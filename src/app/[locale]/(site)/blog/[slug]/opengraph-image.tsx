import { entryOgImage } from '@/components/seo/entry-og-image';
import { ogSize } from '@/components/seo/og-image';
import { getPost } from '@/lib/content/blog-posts';

// Built from published content: as long as a public page (src/lib/page-cache/lifetimes.mjs).
export const revalidate = 1;

export const alt = 'Bitwerf';
export const size = ogSize;
export const contentType = 'image/png';

export default entryOgImage(getPost);
