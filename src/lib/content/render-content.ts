import 'server-only';
import { getTranslations } from 'next-intl/server';

import type { Locale } from '@/i18n/routing';
import { readPublicContentImages } from '@/lib/content-images/public-images';
import { contentImagesBaseUrl } from '@/lib/content-images/public-url';
import { getSupabasePublicEnv } from '@/lib/env/supabase-public';

import { renderMarkdown } from './render-markdown';

/**
 * A content body as HTML, with the section links named in the text's own language and the
 * library's images given their size, variants and lazy loading. The library is read only for a
 * body that shows one of its images.
 */
export async function renderContent(body: string, locale: Locale): Promise<string> {
  // The link sits inside the text's lang, and names the heading it is for.
  const t = await getTranslations({ locale, namespace: 'common' });
  const projectUrl = getSupabasePublicEnv().url;
  const images = body.includes(contentImagesBaseUrl(projectUrl)) ? await readPublicContentImages() : [];
  return renderMarkdown(body, { sectionLink: (heading) => t('sectionLink', { heading }) }, { images, projectUrl });
}
