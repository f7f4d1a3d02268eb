import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import type { Locale } from '@/i18n/routing';

type PageProps = { params: Promise<{ locale: Locale }> };

// not-found.tsx cannot carry metadata, so the route that answers unknown paths sets the 404 title.
export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'common.notFound' });
  return { title: t('metaTitle'), robots: { index: false } };
}

// Any path under a locale that no route matches renders the localised not-found page.
export default function CatchAllPage() {
  notFound();
}
