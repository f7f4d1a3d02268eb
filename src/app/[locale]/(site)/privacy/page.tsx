import { setRequestLocale } from 'next-intl/server';

import { LegalDocument } from '@/components/legal/legal-document';
import type { Locale } from '@/i18n/routing';
import { publicPageMetadata } from '@/lib/seo/page-metadata';

type PageProps = { params: Promise<{ locale: Locale }> };

export const generateMetadata = publicPageMetadata('legal.privacy', '/privacy');

export default async function PrivacyPage({ params }: PageProps) {
  setRequestLocale((await params).locale);
  return <LegalDocument doc="privacy" />;
}
