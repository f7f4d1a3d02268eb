import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';

import { BackToTop } from '@/components/ui/back-to-top';

import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The default layout (spec §2): header, content, footer and back-to-top. */
export async function SiteShell({ children }: { children: ReactNode }) {
  const t = await getTranslations('common');
  return (
    <>
      <SiteHeader />
      <main id="content" tabIndex={-1} className="min-h-[calc(100vh-390px)] outline-none">
        {children}
      </main>
      <SiteFooter />
      <BackToTop label={t('backToTop.label')} />
    </>
  );
}
