import { getTranslations } from 'next-intl/server';

import { routing, type Locale } from '@/i18n/routing';

import { LanguageOfferActions } from './language-offer-actions';

/**
 * "This page is also available in English": shown above the page, in that language, when the
 * browser prefers it and the visitor has not picked a language yet (the language script decides
 * before the first paint, so it never moves the page once shown). Rendered into every page of a
 * locale, identical for every visitor; hidden by CSS unless the script asks for it.
 */
export async function LanguageOffer({ locale }: { locale: Locale }) {
  const offered = routing.locales.find((other) => other !== locale) ?? routing.defaultLocale;
  const t = await getTranslations({ locale: offered, namespace: 'common.languageOffer' });
  return (
    <aside lang={offered} aria-label={t('label')} className="hidden border-b border-line bg-fg text-page [[data-language-offer]_&]:block">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-5 py-3 text-base">
        <p className="font-semibold">{t('text')}</p>
        <LanguageOfferActions locale={offered} current={locale} switchLabel={t('switch')} stayLabel={t('stay')} />
      </div>
    </aside>
  );
}
