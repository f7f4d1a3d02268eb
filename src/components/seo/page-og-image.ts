import { getTranslations } from 'next-intl/server';

import type { Locale } from '@/i18n/routing';
import type { PageNamespace } from '@/lib/seo/page-metadata';

import { renderOgImage } from './og-image';

type ImageProps = { params: Promise<{ locale: Locale }> };

/**
 * The default export of a route's opengraph-image.tsx: that page's card, with the same title and
 * description as its metadata. Each route file stays one line plus Next's required exports.
 */
export function pageOgImage(namespace: PageNamespace) {
  return async function Image({ params }: ImageProps) {
    const { locale } = await params;
    const t = await getTranslations({ locale, namespace });
    return renderOgImage({ title: t('meta.title'), description: t('meta.description') });
  };
}
