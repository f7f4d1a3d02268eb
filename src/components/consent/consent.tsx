import { getTranslations } from 'next-intl/server';

import { LocalizedLink } from '@/components/ui/localized-link';

import { ConsentBanner } from './consent-banner';

/** The consent banner with its strings; the client leaf gets them as props (no client i18n runtime). */
export async function Consent() {
  const t = await getTranslations('consent');
  return (
    <>
      <ConsentBanner
        label={t('label')}
        title={t('title')}
        text={t('text')}
        accept={t('accept')}
        reject={t('reject')}
        policyLink={
          <LocalizedLink href="/cookies" className="font-semibold text-fg underline underline-offset-4">
            {t('policy')}
          </LocalizedLink>
        }
      />
      {/* Without JavaScript nothing is ever loaded from Google, so there is nothing to ask. */}
      <noscript>
        <style>{'#consent-banner{display:none}'}</style>
      </noscript>
    </>
  );
}
