import { setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';

import { SiteShell } from '@/components/layout/site-shell';
import type { Locale } from '@/i18n/routing';

type LayoutProps = { children: ReactNode; params: Promise<{ locale: Locale }> };

export default async function SiteLayout({ children, params }: LayoutProps) {
  // Layouts render independently of pages, so each one sets the locale to stay static.
  setRequestLocale((await params).locale);
  return <SiteShell>{children}</SiteShell>;
}
