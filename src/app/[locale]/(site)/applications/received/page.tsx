import { setRequestLocale } from 'next-intl/server';

import { ApplicationReceived } from '@/components/applications/application-received';
import type { Locale } from '@/i18n/routing';
import { privatePageTitle } from '@/lib/seo/page-metadata';

type PageProps = { params: Promise<{ locale: Locale }> };

export const generateMetadata = privatePageTitle('applications.received.metaTitle');

export default async function ApplicationReceivedPage({ params }: PageProps) {
  setRequestLocale((await params).locale);
  return <ApplicationReceived />;
}
