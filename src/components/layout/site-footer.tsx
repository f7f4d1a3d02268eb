import { getTranslations } from 'next-intl/server';

import { CookieSettingsButton } from '@/components/consent/cookie-settings-button';
import { Container } from '@/components/ui/container';
import { LocalizedLink } from '@/components/ui/localized-link';
import { readCompanyDetails } from '@/lib/company/read-company-details';
import { legalPages } from '@/lib/legal-pages';

import { Copyright } from './copyright';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';
import { SiteNavLinks } from './site-nav-links';
import { ThemeToggle } from './theme-toggle';

export async function SiteFooter() {
  const company = await readCompanyDetails();
  const t = await getTranslations('common');
  const tSearch = await getTranslations('search');
  const languageNames = { nl: t('languageSwitch.nl'), en: t('languageSwitch.en') };
  const { address } = company;

  return (
    <footer className="bg-raised text-base">
      <Container className="grid gap-10 py-12 md:grid-cols-3 md:gap-8 lg:py-16">
        <div className="flex flex-col gap-4">
          <Logo className="h-9 w-auto self-start" />
          <p className="max-w-sm text-muted">{t('footer.tagline')}</p>
        </div>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className="mb-4 text-lg">
            {t('footer.company')}
          </h2>
          <SiteNavLinks variant="footer" />
          <LocalizedLink href="/search" className="underline-link mt-3 inline-block">
            {tSearch('footerLink')}
          </LocalizedLink>
        </nav>
        <div>
          <h2 className="mb-4 text-lg">{t('footer.info')}</h2>
          <address className="flex flex-col gap-3 not-italic">
            <a href={`mailto:${company.email}`} className="underline-link self-start">
              <span className="sr-only">{t('footer.email')}: </span>
              {company.email}
            </a>
            <a href={`tel:${company.phone}`} className="underline-link self-start">
              <span className="sr-only">{t('footer.phone')}: </span>
              {company.phoneDisplay}
            </a>
            <span>
              <span className="sr-only">{t('footer.address')}: </span>
              {address.street}
              <br />
              {address.postcode} {address.city}
            </span>
          </address>
          {/* Dutch law (Handelsregisterwet) asks a company site to show its KvK number; the VAT id goes with it. */}
          {/* Each number wraps under its term where the column is too narrow for both on one line
              (a third of a tablet screen), rather than pushing the page sideways. */}
          <dl className="mt-5 flex flex-col gap-1 text-base text-muted">
            {[
              [t('footer.kvk'), company.kvk],
              [t('footer.vat'), company.vatId],
            ].map(([term, value]) => (
              <div key={term} className="flex flex-wrap gap-x-3">
                <dt className="whitespace-nowrap">{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </Container>
      {/* The DOM order is the reading order at every width (WCAG 2.4.3): legal links, then the
          switches; only the copyright, which takes no focus, moves to the front from lg up.
          The bottom padding is room for the fixed back-to-top button (48px, 20px from the edge,
          40px from lg), so at the end of the page it never sits on a control. */}
      <Container className="flex flex-col gap-4 border-t border-line pt-6 pb-24 lg:flex-row lg:flex-wrap lg:items-center lg:gap-x-8 lg:pb-28">
        <nav aria-label={t('footer.legalNav')} className="text-sm">
          <ul className="flex flex-wrap items-center gap-x-5 gap-y-2">
            {legalPages.map(({ key, path }) => (
              <li key={key}>
                <LocalizedLink href={path} className="underline-link">
                  {t(`footer.${key}`)}
                </LocalizedLink>
              </li>
            ))}
            <li>
              <CookieSettingsButton label={t('footer.cookieSettings')} className="underline-link cursor-pointer" />
            </li>
          </ul>
        </nav>
        <div className="flex flex-wrap items-center gap-6 lg:ml-auto">
          <ThemeToggle label={t('theme.label')} />
          <LanguageSwitch label={t('languageSwitch.label')} names={languageNames} />
        </div>
        <Copyright className="text-sm text-muted lg:order-first" />
      </Container>
    </footer>
  );
}
