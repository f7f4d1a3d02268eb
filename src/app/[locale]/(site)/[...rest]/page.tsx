import type { Metadata } from 'next';
import { notFound } from 'next/navigation';

import type { Locale } from '@/i18n/routing';
import { notFoundMetadata } from '@/lib/seo/page-metadata';

type PageProps = { params: Promise<{ locale: Locale }> };

// not-found.tsx cannot carry metadata, so the route that answers unknown paths sets the 404 title.
export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  return notFoundMetadata((await params).locale);
}

// Any path under a locale that no route matches renders the localised not-found page.
export default function CatchAllPage() {
  notFound();
}
