import type { Page } from '@playwright/test';

import { en, expect, inLocale, localized, nl, test } from './support/i18n';
import enConsent from '../public/locales/en/consent.json' with { type: 'json' };
import nlConsent from '../public/locales/nl/consent.json' with { type: 'json' };

/*
 * Public pages are text with a few interactive leaves, and each leaf works from the first paint:
 * before React hydrates (here: never, its chunks are refused) and with JavaScript switched off.
 * Nothing below waits for hydration, and nothing could: it never comes.
 */

/** Refuses every script chunk of Next's (styles stay), so only the server HTML and its inline scripts run. */
async function withoutHydration(page: Page) {
  await page.route(/\/_next\/static\/chunks\/[^?#]*\.js(?:[?#]|$)/, (route) => route.abort());
}

inLocale(
  nl,
  'before hydration',
  (lc) => {
    test('the menu opens on a tap, closes with Escape with focus back on its button, and a link leaves it', async ({ page }) => {
      await withoutHydration(page);
      await page.goto(localized(lc, '/'));
      const button = page.getByRole('button', { name: lc.common.header.openMenu });
      await button.click();
      const drawer = page.getByRole('dialog', { name: lc.common.header.menu });
      await expect(drawer).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(button).toBeFocused();

      await button.click();
      await page.getByRole('button', { name: lc.common.header.closeMenu }).click();
      await expect(drawer).toBeHidden();

      await button.click();
      await drawer.getByRole('link', { name: lc.common.nav.contact, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${localized(lc, '/contact-us')}$`));
      await expect(page.getByRole('dialog')).toBeHidden();
    });

    test('the theme switch changes the colour mode, says so, and keeps it on the next page', async ({ page }) => {
      await withoutHydration(page);
      await page.goto(localized(lc, '/'));
      await page.getByRole('button', { name: lc.common.header.openMenu }).click();
      const toggle = page.getByRole('dialog').getByRole('switch', { name: lc.common.theme.label });
      await expect(toggle).toHaveAttribute('aria-checked', 'false');
      await toggle.click();
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      await expect(toggle).toHaveAttribute('aria-checked', 'true');
      await page.goto(localized(lc, '/blog'));
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      await page.getByRole('button', { name: lc.common.header.openMenu }).click();
      await expect(page.getByRole('dialog').getByRole('switch', { name: lc.common.theme.label })).toHaveAttribute('aria-checked', 'true');
    });
  },
  { tag: ['@below-lg', '@phone'] },
);

inLocale(en, 'before hydration', (lc) => {
  test.use({ consentChoice: null });

  test('the consent choice is recorded and kept, and "cookie settings" asks again', async ({ page }) => {
    await withoutHydration(page);
    await page.goto(localized(lc, '/'));
    const banner = page.getByRole('region', { name: enConsent.label });
    await banner.getByRole('button', { name: enConsent.reject }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('bitwerf-consent'))).toBe('denied');

    await page.reload();
    await expect(banner).toBeHidden();
    const settings = page.getByRole('contentinfo').getByRole('button', { name: lc.common.footer.cookieSettings });
    await settings.click();
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: enConsent.accept }).click();
    await expect(banner).toBeHidden();
    await expect(settings).toBeFocused();
    expect(await page.evaluate(() => localStorage.getItem('bitwerf-consent'))).toBe('granted');
  });

  test('the language switch goes to the same page in Dutch and remembers the choice', async ({ page, context }) => {
    await withoutHydration(page);
    await page.goto(localized(lc, '/about-us'));
    await page.getByRole('contentinfo').getByRole('link', { name: lc.common.languageSwitch.nl }).click();
    await expect(page).toHaveURL(/\/about-us$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    expect((await context.cookies()).find((c) => c.name === 'NEXT_LOCALE')?.value).toBe('nl');
  });
});

// Every kind of 404 a visitor can reach by typing: an address no route has, a post, vacancy or case
// that was never published, a list page past the last, and a file name that is no file. The
// proxy's rewrite differs per locale.
const MISSING_ADDRESSES = [
  '/does-not-exist/at-all',
  '/blog/never-written',
  '/vacancies/never-written',
  '/cases/never-written',
  '/blog/page/99',
  '/x.txt',
];

for (const lc of [nl, en]) {
  inLocale(lc, 'a 404 before hydration', () => {
    for (const address of MISSING_ADDRESSES) {
      test(`${address} answers with the site’s own 404 page, in its language and the chosen colour mode`, async ({ page }) => {
        await withoutHydration(page);
        await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
        const response = await page.goto(localized(lc, address));
        expect(response?.status()).toBe(404);
        await expect(page.locator('html')).toHaveAttribute('lang', lc.locale);
        await expect(page.locator('html')).toHaveClass(/\bdark\b/);
        await expect(page).toHaveTitle(`${lc.common.notFound.metaTitle} | Bitwerf`);
        await expect(page.getByRole('main').getByRole('heading', { level: 1, name: lc.common.notFound.title })).toBeVisible();
        await expect(page.getByRole('link', { name: lc.common.notFound.home, exact: true })).toHaveAttribute('href', localized(lc, '/'));
        const other = lc.locale === 'nl' ? lc.common.languageSwitch.en : lc.common.languageSwitch.nl;
        await expect(page.getByRole('contentinfo').getByRole('link', { name: other })).toBeVisible();
      });
    }
  });
}

inLocale(
  nl,
  'without JavaScript',
  (lc) => {
    test.use({ javaScriptEnabled: false });

    test('the menu still opens and closes, and controls that need scripts are not shown', async ({ page }) => {
      await page.goto(localized(lc, '/'));
      const button = page.getByRole('button', { name: lc.common.header.openMenu });
      await button.click();
      const drawer = page.getByRole('dialog', { name: lc.common.header.menu });
      await expect(drawer).toBeVisible();
      await expect(drawer.getByRole('switch')).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(page.getByRole('region', { name: nlConsent.label })).toHaveCount(0);
      await expect(page.getByRole('contentinfo').getByRole('button', { name: lc.common.footer.cookieSettings })).toHaveCount(0);
    });
  },
  { tag: ['@below-lg', '@phone'] },
);
