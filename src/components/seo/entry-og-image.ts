import { notFound } from 'next/navigation';

import type { Locale } from '@/i18n/routing';

import { renderOgImage } from './og-image';

type EntryImageProps = { params: Promise<{ locale: Locale; slug: string }> };
type Resolved = { entry: { data: { title: string; description: string } } } | undefined;

/**
 * The default export of a blog post's or vacancy's opengraph-image.tsx: a card with the item's
 * own title and description (a page with its own Open Graph metadata hides its parent's image).
 */
export function entryOgImage(resolve: (slug: string, locale: Locale) => Promise<Resolved>) {
  return async function Image({ params }: EntryImageProps) {
    const { locale, slug } = await params;
    const resolved = await resolve(slug, locale);
    if (!resolved) notFound();
    return renderOgImage({ title: resolved.entry.data.title, description: resolved.entry.data.description });
  };
}
