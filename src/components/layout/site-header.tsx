import { getLocale, getTranslations } from 'next-intl/server';

import { AccountLink } from '@/components/auth/account-link';
import { Container } from '@/components/ui/container';
import { LocalizedLink } from '@/components/ui/localized-link';
import { withLocale } from '@/i18n/locale-path';

import { Copyright } from './copyright';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { SiteNavLinks } from './site-nav-links';
import { ThemeToggle } from './theme-toggle';

export async function SiteHeader() {
  const t = await getTranslations('common');
  const tAccount = await getTranslations('account.nav');
  const locale = await getLocale();
  const accountLinks = {
    signIn: { href: withLocale('/sign-in', locale), label: tAccount('signIn') },
    account: { href: withLocale('/account', locale), label: tAccount('account') },
  };
  const languageNames = { nl: t('languageSwitch.nl'), en: t('languageSwitch.en') };
  const homeLink = (
    <LocalizedLink href="/" aria-label={t('header.homeLink')} className="rounded-md">
      <Logo className="h-8 w-auto md:h-9" />
    </LocalizedLink>
  );

  return (
    <header className="border-b border-line">
      <Container className="flex h-header items-center justify-between gap-6">
        {homeLink}
        <div className="hidden items-center gap-8 text-base lg:flex xl:text-lg">
          <nav aria-label={t('header.mainNav')}>
            <SiteNavLinks variant="header" />
          </nav>
          <AccountLink {...accountLinks} className="border-l border-line pl-8 font-semibold" />
        </div>
        <MobileMenu openLabel={t('header.openMenu')} closeLabel={t('header.closeMenu')} title={t('header.menu')} brand={homeLink}>
          <nav aria-label={t('header.mainNav')} className="pt-6 pb-12">
            <SiteNavLinks variant="drawer" />
          </nav>
          <AccountLink {...accountLinks} className="mb-10 self-start text-xl font-semibold" />
          <div className="mt-auto flex flex-col gap-6 border-t border-line pt-8">
            <div className="flex flex-wrap items-center justify-between gap-4">
              <LanguageSwitch label={t('languageSwitch.label')} names={languageNames} />
              <ThemeToggle label={t('theme.label')} />
            </div>
            <Copyright className="text-sm text-muted" />
          </div>
        </MobileMenu>
      </Container>
    </header>
  );
}
