import { expect, forEachLocale, inLocale, localized, nl, pages, test } from './support/i18n';

forEachLocale('footer', (lc) => {
  test('has the logo, tagline, company navigation and contact details', async ({ page }) => {
    await page.goto(localized(lc, '/about-us'));
    const footer = page.getByRole('contentinfo');
    await expect(footer.locator('svg').first()).toBeVisible();
    await expect(footer.getByText(lc.common.footer.tagline)).toBeVisible();

    const company = footer.getByRole('navigation', { name: lc.common.footer.company });
    await expect(company.getByRole('heading', { name: lc.common.footer.company })).toBeVisible();
    for (const { key, path } of pages) {
      await expect(company.getByRole('link', { name: lc.common.nav[key], exact: true })).toHaveAttribute('href', localized(lc, path));
    }
    await expect(company.getByRole('link', { name: lc.common.nav.about, exact: true })).toHaveAttribute('aria-current', 'page');

    await expect(footer.getByRole('heading', { name: lc.common.footer.info })).toBeVisible();
    await expect(footer.getByRole('link', { name: /hallo@bitwerf\.nl/ })).toHaveAttribute('href', 'mailto:hallo@bitwerf.nl');
    await expect(footer.getByRole('link', { name: /038 123 45 67/ })).toHaveAttribute('href', 'tel:+31381234567');
    await expect(footer.getByText('Melkmarkt 12')).toBeVisible();
    await expect(footer.getByText('8011 MC Zwolle')).toBeVisible();
  });

  test('has the language switch and a copyright line with the current year', async ({ page }) => {
    await page.goto(localized(lc, '/'));
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('list', { name: lc.common.languageSwitch.label })).toBeVisible();
    await expect(footer.getByText(`© ${new Date().getFullYear()} Bitwerf B.V.`)).toBeVisible();
  });
});

inLocale(nl, 'footer', (lc) => {
  // One page load, three widths: the grid follows the viewport without a reload.
  test('lays out in three columns from md up, stacked below', async ({ page }) => {
    await page.goto(localized(lc, '/'));
    const grid = page.getByRole('contentinfo').locator('> div').first();
    const columns = () => grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    for (const [width, expected] of [
      [1280, 3],
      [768, 3],
      [767, 1],
      [375, 1],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      expect(await columns(), `${width} px`).toBe(expected);
    }
  });
});
