import { expect, forEachLocale, legalPages, localized, test } from './support/i18n';
import enLegal from '../public/locales/en/legal.json' with { type: 'json' };
import nlLegal from '../public/locales/nl/legal.json' with { type: 'json' };

const copy = { nl: nlLegal, en: enLegal };

forEachLocale('legal pages', (lc) => {
  const legal = copy[lc.locale];

  // One visitor goes from the home page through the footer to each legal page in turn.
  test('each legal page is linked from the footer and opens with its title and every section; the footer shows the KvK and VAT numbers', async ({
    page,
  }) => {
    await page.goto(localized(lc, '/'));
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText(lc.common.footer.kvk, { exact: true })).toBeVisible();
    await expect(footer.getByText('12345678', { exact: true })).toBeVisible();
    await expect(footer.getByText(lc.common.footer.vat, { exact: true })).toBeVisible();
    await expect(footer.getByText('NL001234567B01', { exact: true })).toBeVisible();

    for (const { key, path } of legalPages) {
      const legalNav = footer.getByRole('navigation', { name: lc.common.footer.legalNav });
      const link = legalNav.getByRole('link', { name: lc.common.footer[key], exact: true });
      await expect(link, key).toHaveAttribute('href', localized(lc, path));
      await link.click();
      await expect(page).toHaveURL(localized(lc, path));
      await expect(page.getByRole('heading', { level: 1, name: legal[key].title })).toBeVisible();
      await expect(page).toHaveTitle(`${legal[key].meta.title} | Bitwerf`);
      // Every section is in the table of contents and on the page.
      for (const section of Object.values(legal[key].sections)) {
        await expect(page.getByRole('heading', { level: 2, name: section.title })).toBeVisible();
      }
    }
  });

  test('the privacy statement names the supervisory authority and the contact address', async ({ page }) => {
    await page.goto(localized(lc, '/privacy'));
    await expect(page.getByRole('link', { name: 'Autoriteit Persoonsgegevens' })).toHaveAttribute(
      'href',
      'https://autoriteitpersoonsgegevens.nl',
    );
    await expect(page.getByRole('main').getByRole('link', { name: 'hallo@bitwerf.nl' }).first()).toHaveAttribute(
      'href',
      'mailto:hallo@bitwerf.nl',
    );
    await expect(page.getByText('12345678')).not.toHaveCount(0);
  });
});
