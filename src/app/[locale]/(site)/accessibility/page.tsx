import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';

import { LegalDocument } from '@/components/legal/legal-document';
import type { Locale } from '@/i18n/routing';
import { pageMetadata } from '@/lib/seo/page-metadata';

type PageProps = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  return pageMetadata((await params).locale, 'legal.accessibility', '/accessibility');
}

export default async function AccessibilityPage({ params }: PageProps) {
  setRequestLocale((await params).locale);
  return <LegalDocument doc="accessibility" />;
}
