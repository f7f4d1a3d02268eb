import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';

import { Copyright } from '@/components/layout/copyright';
import { LanguageSwitch } from '@/components/layout/language-switch';
import { Logo } from '@/components/layout/logo';
import { Container } from '@/components/ui/container';
import { LocalizedLink } from '@/components/ui/localized-link';
import type { Locale } from '@/i18n/routing';

type LayoutProps = { children: ReactNode; params: Promise<{ locale: Locale }> };

/** The sign-in screens' own frame: brand, one centred card, the language switch. Nothing to wander off to. */
export default async function AuthLayout({ children, params }: LayoutProps) {
  setRequestLocale((await params).locale);
  const t = await getTranslations('common');
  return (
    <div className="flex min-h-screen flex-col bg-raised">
      <Container as="header" className="flex h-header items-center justify-between gap-4">
        <LocalizedLink href="/" aria-label={t('header.homeLink')} className="rounded-md">
          <Logo className="h-8 w-auto md:h-9" />
        </LocalizedLink>
        <LanguageSwitch label={t('languageSwitch.label')} names={{ nl: t('languageSwitch.nl'), en: t('languageSwitch.en') }} />
      </Container>
      <main id="content" className="flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:items-center sm:py-16">
        <div className="w-full max-w-md rounded-2xl border border-line bg-page p-6 shadow-sm sm:p-10">{children}</div>
      </main>
      <Container as="footer" className="py-6">
        <Copyright className="text-center text-sm text-muted" />
      </Container>
    </div>
  );
}
