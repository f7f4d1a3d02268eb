import { setRequestLocale } from 'next-intl/server';

import { LegalDocument } from '@/components/legal/legal-document';
import type { Locale } from '@/i18n/routing';
import { publicPageMetadata } from '@/lib/seo/page-metadata';

type PageProps = { params: Promise<{ locale: Locale }> };

export const generateMetadata = publicPageMetadata('legal.security', '/security');

/** The coordinated vulnerability disclosure policy (NCSC guideline), named by security.txt's Policy field. */
export default async function SecurityPage({ params }: PageProps) {
  setRequestLocale((await params).locale);
  return <LegalDocument doc="security" />;
}
