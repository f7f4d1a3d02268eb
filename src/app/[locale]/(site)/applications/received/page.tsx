import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';

import { ApplicationReceived } from '@/components/applications/application-received';
import type { Locale } from '@/i18n/routing';
import { privatePageMetadata } from '@/lib/seo/page-metadata';

type PageProps = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'applications.received' });
  return privatePageMetadata(t('metaTitle'));
}

export default async function ApplicationReceivedPage({ params }: PageProps) {
  setRequestLocale((await params).locale);
  return <ApplicationReceived />;
}
