import { en, expect, forEachLocale, inLocale, localized, pages, test } from './support/i18n';

forEachLocale('header', (lc) => {
  // What the language cannot change runs in one language; the two languages share those tests.
  if (lc.locale === 'nl') {
    test('the logo links home', async ({ page }) => {
      await page.goto(localized(lc, '/about-us'));
      const logo = page.getByRole('banner').getByRole('link', { name: lc.common.header.homeLink });
      await expect(logo).toHaveAttribute('href', localized(lc, '/'));
      await expect(logo.locator('svg')).toBeVisible();
    });
  }

  // Desktop only: the inline navigation starts at lg.
  test('from lg up the navigation shows inline in spec order, the active page bolder', async ({ page }) => {
    await page.goto(localized(lc, '/vacancies'));
    const nav = page.getByRole('banner').getByRole('navigation', { name: lc.common.header.mainNav });
    const names = [
      ...pages.map((p) => lc.common.nav[p.key]),
      `${lc.common.nav.ai} ${lc.common.header.newBadge} ${lc.common.header.externalHint}`,
    ];
    await expect(nav.getByRole('link')).toHaveText(names);
    const active = nav.getByRole('link', { name: lc.common.nav.vacancies });
    await expect(active).toHaveAttribute('aria-current', 'page');
    const weight = (name: string) => nav.getByRole('link', { name, exact: true }).evaluate((el) => Number(getComputedStyle(el).fontWeight));
    expect(await weight(lc.common.nav.vacancies)).toBeGreaterThan(await weight(lc.common.nav.blog));
    await expect(page.getByRole('button', { name: lc.common.header.openMenu })).toBeHidden();
  });

  if (lc.locale === 'en') {
    test('the AI link is an ordinary same-tab link without referrer and with a red badge', async ({ page }) => {
      await page.goto(localized(lc, '/'));
      const link = page.getByRole('contentinfo').getByRole('link', { name: new RegExp(lc.common.nav.ai) });
      await expect(link).toHaveAttribute('href', 'https://ai.bitwerf.nl');
      await expect(link).toHaveAttribute('rel', 'noreferrer');
      await expect(link).not.toHaveAttribute('target', /.*/);
      const badge = link.getByText(lc.common.header.newBadge, { exact: true });
      await expect(badge).toBeVisible();
      expect(await badge.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(198, 40, 40)');
    });
  }
});

inLocale(
  en,
  'header',
  (lc) => {
    test('below lg the inline navigation gives way to the menu button', async ({ page }) => {
      await page.goto(localized(lc, '/'));
      await expect(page.getByRole('banner').getByRole('navigation', { name: lc.common.header.mainNav })).toBeHidden();
      await expect(page.getByRole('button', { name: lc.common.header.openMenu })).toBeVisible();
    });
  },
  { tag: ['@below-lg', '@phone', '@tablet'] },
);
