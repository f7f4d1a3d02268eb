import { expect, forEachLocale, localized, test } from './support/i18n';

test.describe('locale negotiation', () => {
  test('a first visit with an English browser lands on /en; en-GB counts as en', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ locale: 'en-GB', baseURL });
    const page = await context.newPage();
    const response = await page.goto('/about-us');
    expect(new URL(page.url()).pathname).toBe('/en/about-us');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await context.close();
  });

  test('a first visit with a Dutch or unknown browser language stays on the unprefixed Dutch site', async ({ browser, baseURL }) => {
    for (const locale of ['nl-BE', 'de-DE']) {
      const context = await browser.newContext({ locale, baseURL });
      const page = await context.newPage();
      await page.goto('/');
      expect(new URL(page.url()).pathname).toBe('/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
      await context.close();
    }
  });

  test('the locale cookie wins over Accept-Language on later visits', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ locale: 'en-US', baseURL });
    await context.addCookies([{ name: 'NEXT_LOCALE', value: 'nl', url: baseURL ?? '' }]);
    const page = await context.newPage();
    await page.goto('/blog');
    expect(new URL(page.url()).pathname).toBe('/blog');
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await context.close();
  });

  test('/nl/… redirects to the unprefixed Dutch URL', async ({ page }) => {
    await page.goto('/nl/contact-us');
    expect(new URL(page.url()).pathname).toBe('/contact-us');
  });
});

// Every page's status, lang, title, canonical and alternates: seo.spec.ts, once per page and locale.
forEachLocale('pages', (lc) => {
  test('an unknown path gets a localized 404 with the site navigation', async ({ page }) => {
    const response = await page.goto(localized(lc, '/does-not-exist/at-all'));
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', lc.locale);
    await expect(page.getByRole('heading', { level: 1, name: lc.common.notFound.title })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(lc.common.notFound.metaTitle));
    await expect(page.getByRole('link', { name: lc.common.notFound.home, exact: true })).toHaveAttribute('href', localized(lc, '/'));
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });
});
