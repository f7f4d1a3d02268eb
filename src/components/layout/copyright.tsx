import { getTranslations } from 'next-intl/server';

import { readCompanyDetails } from '@/lib/company/read-company-details';

/** "© <current year> Bitwerf B.V. …". The year is taken at render; the layout revalidates so it rolls over on 1 January. */
export async function Copyright({ className = '' }: { className?: string }) {
  const company = await readCompanyDetails();
  const t = await getTranslations('common.footer');
  return <p className={className}>{t('copyright', { year: new Date().getFullYear(), name: company.legalName })}</p>;
}
