import { ogSize } from '@/components/seo/og-image';
import { pageOgImage } from '@/components/seo/page-og-image';

export const alt = 'Bitwerf';
export const size = ogSize;
export const contentType = 'image/png';

export default pageOgImage('cases');
