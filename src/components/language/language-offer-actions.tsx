'use client';

import { usePathname, useRouter } from 'next/navigation';
import type { MouseEvent } from 'react';

import { LANGUAGE_OFFER_ATTRIBUTE, rememberLocale } from '@/i18n/locale-choice';
import { stripLocale, withLocale } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routing';

type LanguageOfferActionsProps = {
  /** The language on offer. */
  locale: Locale;
  /** The page's own language. */
  current: Locale;
  switchLabel: string;
  stayLabel: string;
};

/** The offer's two answers; either one is the visitor's choice, and is remembered. */
export function LanguageOfferActions({ locale, current, switchLabel, stayLabel }: LanguageOfferActionsProps) {
  const pathname = usePathname();
  const router = useRouter();

  function switchLanguage(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    rememberLocale(locale);
    router.push(`${event.currentTarget.pathname}${window.location.search}${window.location.hash}`);
  }

  function stay() {
    rememberLocale(current);
    document.documentElement.removeAttribute(LANGUAGE_OFFER_ATTRIBUTE);
    document.getElementById('content')?.focus({ preventScroll: true });
  }

  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
      <a
        href={withLocale(stripLocale(pathname), locale)}
        hrefLang={locale}
        onClick={switchLanguage}
        className="underline underline-offset-4"
      >
        {switchLabel}
      </a>
      <button type="button" onClick={stay} className="underline underline-offset-4">
        {stayLabel}
      </button>
    </div>
  );
}
