import type { Metadata, Viewport } from 'next';
import { notFound } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';

import { SiteDocument } from '@/components/layout/site-document';
import { routing } from '@/i18n/routing';
import { siteUrl } from '@/lib/env/public';

import '../globals.css';

type LayoutProps = { children: ReactNode; params: Promise<{ locale: string }> };

// Public pages are cached for seconds: what an editor publishes or takes offline shows within the
// editor's promise on every instance and behind any shared cache (src/lib/page-cache/lifetimes.mjs,
// whose PAGE_REVALIDATE_SECONDS this literal must equal: Next reads it without running code).
export const revalidate = 1;

// Not false here: it would hold for every page below, and blog posts and vacancies published after
// the build must render on their first request. The rewrites in next.config.ts hand this segment
// only `nl` and `en`, and the layout answers any other value with a 404.
export const dynamicParams = true;

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: LayoutProps): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const t = await getTranslations({ locale, namespace: 'common.meta' });
  return {
    metadataBase: new URL(siteUrl),
    title: { template: t('titleTemplate'), default: t('defaultTitle') },
    description: t('description'),
    applicationName: t('siteName'),
  };
}

export const viewport: Viewport = {
  themeColor: '#1F1F1F',
};

export default async function LocaleLayout({ children, params }: LayoutProps) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);

  return <SiteDocument locale={locale}>{children}</SiteDocument>;
}
