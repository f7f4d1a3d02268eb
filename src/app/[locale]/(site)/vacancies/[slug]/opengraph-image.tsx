import { entryOgImage } from '@/components/seo/entry-og-image';
import { ogSize } from '@/components/seo/og-image';
import { getVacancy } from '@/lib/content/vacancies';

export const alt = 'Bitwerf';
export const size = ogSize;
export const contentType = 'image/png';

export default entryOgImage(getVacancy);
