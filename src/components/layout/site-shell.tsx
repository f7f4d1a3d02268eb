import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { BackToTop } from '@/components/ui/back-to-top';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The default layout (spec §2): header, content, footer and back-to-top. */
export async function SiteShell({ children }: { children: ReactNode }) {
  const t = await getTranslations('common');
  return (
    <>
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:bg-fg focus:px-4 focus:py-2 focus:text-page"
      >
        {t('skipLink')}
      </a>
      <SiteHeader />
      <main id="content" tabIndex={-1} className="min-h-[calc(100vh-390px)] outline-none">
        {children}
      </main>
      <SiteFooter />
      <BackToTop label={t('backToTop.label')} />
    </>
  );
}
