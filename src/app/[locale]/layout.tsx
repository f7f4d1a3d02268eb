import type { Metadata, Viewport } from 'next';
import { notFound } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';

import { AuthProvider } from '@/components/auth/auth-provider';
import { Consent } from '@/components/consent/consent';
import { LanguageOffer } from '@/components/language/language-offer';
import { SitePrefetch } from '@/components/layout/site-prefetch';
import { PageScripts } from '@/components/security/page-scripts';
import { routing } from '@/i18n/routing';
import { siteUrl } from '@/lib/env/public';

import { poppins } from '../fonts';
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
  const t = await getTranslations('common');

  return (
    // The colour-mode script sets the dark class before hydration, so <html> may differ from the server HTML.
    <html lang={locale} className={poppins.variable} suppressHydrationWarning>
      <body className="flex min-h-screen flex-col bg-page font-sans text-fg antialiased">
        {/* First in <body> and synchronous, before anything paints (lib/security/page-scripts.ts). */}
        <PageScripts />
        {/* The skip link is the first stop on every page (every layout's <main> is #content), and
            jumps over the consent question and the header alike. */}
        <a
          href="#content"
          className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:bg-fg focus:px-4 focus:py-2 focus:text-page"
        >
          {t('skipLink')}
        </a>
        {/* The consent question comes next, in the flow, not floating over the page: it can never
            hide keyboard focus, it is the first thing a keyboard or screen-reader user meets after
            the skip link, and at 400% zoom it scrolls like the rest of the page. */}
        <Consent />
        <LanguageOffer locale={locale} />
        <SitePrefetch />
        {/* No NextIntlClientProvider: client leaves get their strings and hrefs as props, which keeps
            next-intl's runtime out of the browser bundle. */}
        {/* Auth state for client leaves such as the header's account link; supabase-js loads on idle, and only for a session. */}
        <AuthProvider>{children}</AuthProvider>
      </body>
    </html>
  );
}
