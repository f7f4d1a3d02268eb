import AxeBuilder from '@axe-core/playwright';

import { expect, forEachLocale, localized, test } from './support/i18n';
import enCommon from '../public/locales/en/common.json' with { type: 'json' };
import nlCommon from '../public/locales/nl/common.json' with { type: 'json' };

const offer = {
  en: { label: enCommon.languageOffer.label, switch: enCommon.languageOffer.switch, stay: enCommon.languageOffer.stay },
  nl: { label: nlCommon.languageOffer.label, switch: nlCommon.languageOffer.switch, stay: nlCommon.languageOffer.stay },
};

test.describe('language choice', () => {
  // The server answers a URL alike for everyone (e2e/headers.spec.ts); the browser's language and a
  // stored choice are handled in the page, before it paints.

  test('an English browser on a Dutch URL stays there and is offered English, which it can take', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ locale: 'en-GB', baseURL });
    const page = await context.newPage();
    const response = await page.goto('/about-us?ref=ad#team');
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/about-us');
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');

    const banner = page.getByRole('complementary', { name: offer.en.label });
    await expect(banner).toHaveAttribute('lang', 'en');
    const axe = await new AxeBuilder({ page }).include('aside[lang="en"]').analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await banner.getByRole('link', { name: offer.en.switch }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/en/about-us' && url.search === '?ref=ad' && url.hash === '#team');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('complementary', { name: offer.nl.label })).toBeHidden();

    // The choice is remembered: the bare domain now opens in English.
    await page.goto('/');
    await expect(page).toHaveURL((url) => url.pathname === '/en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await context.close();
  });

  test('declining the offer keeps the language, and the offer does not come back', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ locale: 'en-US', baseURL });
    const page = await context.newPage();
    await page.goto('/blog');
    const banner = page.getByRole('complementary', { name: offer.en.label });
    await banner.getByRole('button', { name: offer.en.stay }).click();
    await expect(banner).toBeHidden();
    await page.goto('/contact-us');
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await expect(page.getByRole('complementary', { name: offer.en.label })).toBeHidden();
    expect((await context.cookies()).find((c) => c.name === 'NEXT_LOCALE')?.value).toBe('nl');
    await context.close();
  });

  test('a Dutch browser on an English URL is offered Dutch', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ locale: 'nl-NL', baseURL });
    const page = await context.newPage();
    await page.goto('/en/vacancies');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const banner = page.getByRole('complementary', { name: offer.nl.label });
    await banner.getByRole('link', { name: offer.nl.switch }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/vacancies');
    await context.close();
  });

  test('a Dutch or unknown browser language sees the Dutch site without an offer', async ({ browser, baseURL }) => {
    for (const locale of ['nl-BE', 'de-DE']) {
      const context = await browser.newContext({ locale, baseURL });
      const page = await context.newPage();
      await page.goto('/');
      expect(new URL(page.url()).pathname).toBe('/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
      await expect(page.getByRole('complementary', { name: offer.en.label })).toBeHidden();
      await context.close();
    }
  });

  test('a stored Dutch choice wins over an English browser', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ locale: 'en-US', baseURL });
    await context.addCookies([{ name: 'NEXT_LOCALE', value: 'nl', url: baseURL ?? '' }]);
    const page = await context.newPage();
    await page.goto('/blog');
    expect(new URL(page.url()).pathname).toBe('/blog');
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await expect(page.getByRole('complementary', { name: offer.en.label })).toBeHidden();
    await context.close();
  });

  test('/nl/… redirects to the unprefixed Dutch URL', async ({ page }) => {
    await page.goto('/nl/contact-us');
    expect(new URL(page.url()).pathname).toBe('/contact-us');
  });
});

// Each page's status, lang, title, canonical and hreflang alternates: seo.spec.ts.
forEachLocale('pages', (lc) => {
  // An address no route has, and a post, vacancy and case study nobody published: one 404, titled as one.
  for (const path of ['/does-not-exist/at-all', '/blog/does-not-exist', '/vacancies/does-not-exist', '/cases/does-not-exist']) {
    test(`${path} gets a localized 404 with the site navigation`, async ({ page }) => {
      const response = await page.goto(localized(lc, path));
      expect(response?.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', lc.locale);
      await expect(page.getByRole('heading', { level: 1, name: lc.common.notFound.title })).toBeVisible();
      await expect(page).toHaveTitle(`${lc.common.notFound.metaTitle} | Bitwerf`);
      await expect(page.getByRole('link', { name: lc.common.notFound.home, exact: true })).toHaveAttribute('href', localized(lc, '/'));
      await expect(page.getByRole('contentinfo')).toBeVisible();
    });
  }
});
