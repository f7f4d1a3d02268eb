import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';

import { poppins } from '@/app/fonts';
import { AuthProvider } from '@/components/auth/auth-provider';
import { Consent } from '@/components/consent/consent';
import { LanguageOffer } from '@/components/language/language-offer';
import { SitePrefetch } from '@/components/layout/site-prefetch';
import { PageScripts } from '@/components/security/page-scripts';
import type { Locale } from '@/i18n/routing';

/**
 * The document every page of the site is: <html> in the page's language and the body's fixed
 * parts before the page. For the locale layout and for the 404 of an address no route has, which
 * Next renders outside that layout.
 */
export async function SiteDocument({ locale, children }: { locale: Locale; children: ReactNode }) {
  const t = await getTranslations({ locale, namespace: 'common' });
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
