import { getTranslations } from 'next-intl/server';
import { Container } from '@/components/ui/container';
import { LocalizedLink } from '@/components/ui/localized-link';
import { Copyright } from './copyright';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { SiteNavLinks } from './site-nav-links';
import { ThemeToggle } from './theme-toggle';

export async function SiteHeader() {
  const t = await getTranslations('common');
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
        <nav aria-label={t('header.mainNav')} className="hidden text-base lg:block xl:text-lg">
          <SiteNavLinks variant="header" />
        </nav>
        <MobileMenu openLabel={t('header.openMenu')} closeLabel={t('header.closeMenu')} title={t('header.menu')} brand={homeLink}>
          <nav aria-label={t('header.mainNav')} className="pt-6 pb-12">
            <SiteNavLinks variant="drawer" />
          </nav>
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
