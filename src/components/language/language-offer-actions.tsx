'use client';

import { usePathname } from 'next/navigation';

import { LOCALE_CHOICE_ATTRIBUTE } from '@/i18n/locale-choice';
import { stripLocale, withLocale } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routing';

import { useLanguageLink } from './use-language-link';

type LanguageOfferActionsProps = {
  /** The language on offer. */
  locale: Locale;
  /** The page's own language. */
  current: Locale;
  switchLabel: string;
  stayLabel: string;
};

/**
 * The offer's two answers; either one is the visitor's choice, which the language script stores
 * and, for "stay", answers from the first paint (i18n/locale-choice.ts).
 */
export function LanguageOfferActions({ locale, current, switchLabel, stayLabel }: LanguageOfferActionsProps) {
  const pathname = usePathname();
  const switchLanguage = useLanguageLink();

  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
      <a
        href={withLocale(stripLocale(pathname), locale)}
        hrefLang={locale}
        {...{ [LOCALE_CHOICE_ATTRIBUTE]: locale }}
        onClick={switchLanguage}
        className="underline underline-offset-4"
      >
        {switchLabel}
      </a>
      <button type="button" {...{ [LOCALE_CHOICE_ATTRIBUTE]: current }} className="underline underline-offset-4">
        {stayLabel}
      </button>
    </div>
  );
}
