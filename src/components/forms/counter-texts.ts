import 'server-only';

import { getLocale, getTranslations } from 'next-intl/server';

import type { CharacterCounter } from './text-area';

/** A text area's counter towards `max`, in the request's language; the live numbers are filled in by the browser. */
export async function getCharacterCounter(max: number): Promise<CharacterCounter> {
  const [t, locale] = await Promise.all([getTranslations('common.forms.counter'), getLocale()]);
  return {
    max,
    locale,
    // ICU would format these placeholders; the text area fills them in as the visitor types. The
    // maximum is formatted as the live count is, so "4,000" in English (Dutch writes "4000").
    count: t('count', { count: '{count}', max: new Intl.NumberFormat(locale).format(max) }),
    remaining: t('remaining', { remaining: '{remaining}' }),
    over: t('over', { over: '{over}' }),
  };
}
