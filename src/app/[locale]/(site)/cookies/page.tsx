import { getTranslations, setRequestLocale } from 'next-intl/server';

import { CookieSettingsButton } from '@/components/consent/cookie-settings-button';
import { CookieTable } from '@/components/legal/cookie-table';
import { LegalDocument } from '@/components/legal/legal-document';
import { buttonClass } from '@/components/ui/button-styles';
import type { Locale } from '@/i18n/routing';
import { publicPageMetadata } from '@/lib/seo/page-metadata';

type PageProps = { params: Promise<{ locale: Locale }> };

export const generateMetadata = publicPageMetadata('legal.cookies', '/cookies');

export default async function CookiesPage({ params }: PageProps) {
  setRequestLocale((await params).locale);
  const t = await getTranslations('legal.cookies');
  return (
    <LegalDocument doc="cookies">
      <CookieTable />
      <p className="mb-12">
        <CookieSettingsButton label={t('settings')} className={buttonClass({ variant: 'secondary', size: 'lg' })} />
      </p>
    </LegalDocument>
  );
}
