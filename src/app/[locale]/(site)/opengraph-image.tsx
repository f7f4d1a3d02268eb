import { pageOgImage } from '@/components/seo/page-og-image';
import { ogSize } from '@/components/seo/og-image';

export const alt = 'Bitwerf';
export const size = ogSize;
export const contentType = 'image/png';

export default pageOgImage('home');
