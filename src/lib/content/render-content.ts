import 'server-only';
import { getTranslations } from 'next-intl/server';

import type { Locale } from '@/i18n/routing';
import { listContentImages } from '@/lib/content-images/library';
import { readPublicContentImages } from '@/lib/content-images/public-images';
import { contentImagesBaseUrl } from '@/lib/content-images/public-url';
import type { ContentImage } from '@/lib/content-images/variants';
import { getSupabasePublicEnv } from '@/lib/env/supabase-public';
import { createClient } from '@/lib/supabase/server';

import { renderMarkdown } from './render-markdown';

/** The images a page may show: what visitors may see, or in a preview the whole library the editor's session reads. */
export async function libraryImages(draft: boolean): Promise<ContentImage[]> {
  if (!draft) return readPublicContentImages();
  return (await listContentImages(await createClient())) ?? [];
}

/**
 * A content body as HTML, with the section links named in the text's own language and the
 * library's images given their size, variants and lazy loading. The library is read only for a
 * body that shows one of its images. Visitors only learn of images a published text shows; a
 * preview (`draft`) also resolves those of the draft.
 */
export async function renderContent(body: string, locale: Locale, { draft = false }: { draft?: boolean } = {}): Promise<string> {
  // The link sits inside the text's lang, and names the heading it is for.
  const t = await getTranslations({ locale, namespace: 'common' });
  const projectUrl = getSupabasePublicEnv().url;
  const images = body.includes(contentImagesBaseUrl(projectUrl)) ? await libraryImages(draft) : [];
  return renderMarkdown(body, { sectionLink: (heading) => t('sectionLink', { heading }) }, { images, projectUrl });
}
