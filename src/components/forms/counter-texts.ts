import 'server-only';

import { getLocale, getTranslations } from 'next-intl/server';

import type { CharacterCounter } from './text-area';

/** A text area's counter towards `max`, in the request's language; the live numbers are filled in by the browser. */
export async function getCharacterCounter(max: number): Promise<CharacterCounter> {
  const t = await getTranslations('common.forms.counter');
  return {
    max,
    locale: await getLocale(),
    // ICU would format these placeholders; the text area fills them in as the visitor types.
    count: t('count', { count: '{count}', max }),
    remaining: t('remaining', { remaining: '{remaining}' }),
    over: t('over', { over: '{over}' }),
  };
}
