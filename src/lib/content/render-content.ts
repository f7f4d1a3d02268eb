import 'server-only';
import { getTranslations } from 'next-intl/server';

import type { Locale } from '@/i18n/routing';

import { renderMarkdown } from './render-markdown';

/** A content body as HTML, with the section links named in the text's own language. */
export async function renderContent(body: string, locale: Locale): Promise<string> {
  // The link sits inside the text's lang, and names the heading it is for.
  const t = await getTranslations({ locale, namespace: 'common' });
  return renderMarkdown(body, { sectionLink: (heading) => t('sectionLink', { heading }) });
}
