import type { Page } from '@playwright/test';

import { en, expect, forEachLocale, inLocale, localized, nl, test } from './support/i18n';
import enAccount from '../public/locales/en/account.json' with { type: 'json' };
import enConsent from '../public/locales/en/consent.json' with { type: 'json' };
import nlConsent from '../public/locales/nl/consent.json' with { type: 'json' };

const copy = { nl: nlConsent, en: enConsent };
const gtagUrl = /googletagmanager\.com\/gtag\/js/;

/** The consent commands the page pushed to the dataLayer, as plain arrays. */
function consentCalls(page: Page) {
  return page.evaluate(() =>
    (window as unknown as { dataLayer: ArrayLike<unknown>[] }).dataLayer
      .map((entry) => Array.from(entry))
      .filter((entry) => entry[0] === 'consent'),
  );
}

/** Counts requests for gtag.js from now on. */
function countGtagRequests(page: Page) {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (gtagUrl.test(request.url())) seen.count++;
  });
  return seen;
}

// What the banner says and offers: both locales.
forEachLocale('consent', (lc) => {
  // What the language cannot change runs in one language; the two languages share those tests.
  const consent = copy[lc.locale];
  test.use({ consentChoice: null });

  if (lc.locale === 'en') {
    test('a first visit shows the banner with reject and accept equally prominent, and loads nothing from Google', async ({
      page,
      context,
    }) => {
      const gtag = countGtagRequests(page);
      await page.goto(localized(lc, '/'));
      const banner = page.getByRole('region', { name: consent.label });
      await expect(banner.getByRole('heading', { name: consent.title })).toBeVisible();
      await expect(banner.getByRole('link', { name: consent.policy })).toHaveAttribute('href', localized(lc, '/cookies'));

      const reject = banner.getByRole('button', { name: consent.reject });
      const accept = banner.getByRole('button', { name: consent.accept });
      const [rejectBox, acceptBox] = [await reject.boundingBox(), await accept.boundingBox()];
      expect(rejectBox?.width).toBe(acceptBox?.width);
      expect(rejectBox?.height).toBe(acceptBox?.height);
      const look = (el: typeof reject) =>
        el.evaluate((b) => [getComputedStyle(b).backgroundColor, getComputedStyle(b).color, getComputedStyle(b).fontWeight].join());
      expect(await look(reject)).toBe(await look(accept));

      // No cookie wall: the page behind stays usable.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      // The loader only runs inline, at parse time or on a click; by the load event it has had its chance.
      await page.waitForLoadState('load');
      expect(
        await page.evaluate(() => (window as unknown as { bitwerfLoadAnalytics: { done?: boolean } }).bitwerfLoadAnalytics.done),
      ).toBeUndefined();
      expect(gtag.count).toBe(0);
      expect((await context.cookies()).filter((c) => c.name.startsWith('_ga'))).toEqual([]);
      const calls = await consentCalls(page);
      expect(calls).toHaveLength(1);
      expect(calls[0]?.[1]).toBe('default');
      expect(Object.values(calls[0]?.[2] as Record<string, string>).every((v) => v === 'denied')).toBe(true);
    });
  }
});

// What a choice does is the same in either language: each flow runs once.
inLocale(nl, 'consent', (lc) => {
  const consent = copy[lc.locale];
  test.use({ consentChoice: null });

  test('accepting grants analytics only, loads gtag and is remembered after a reload', async ({ page, context }) => {
    await page.goto(localized(lc, '/'));
    expect((await context.cookies()).filter((c) => c.name.startsWith('_ga'))).toEqual([]);
    const gtagRequest = page.waitForRequest(gtagUrl);
    await page.getByRole('region', { name: consent.label }).getByRole('button', { name: consent.accept }).click();
    expect((await gtagRequest).url()).toContain('id=G-XXXXXXXXXX');
    await expect(page.getByRole('region', { name: consent.label })).toBeHidden();

    const calls = await consentCalls(page);
    expect(calls.map((c) => c[1])).toEqual(['default', 'update']);
    expect(calls[1]?.[2]).toEqual({ analytics_storage: 'granted' });

    // Remembered: no banner, and the tag loads at once with the update already queued.
    const again = page.waitForRequest(gtagUrl);
    await page.reload();
    await again;
    await expect(page.getByRole('region', { name: consent.label })).toBeHidden();
    expect((await consentCalls(page)).map((c) => c[1])).toEqual(['default', 'update']);
  });

  test('a returning visitor never sees the banner, not even before hydration', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('bitwerf-consent', 'denied'));
    // The inline script marks <html> while the HTML is parsed, before any React code runs, so
    // the banner is hidden from the first paint rather than after hydration.
    await page.goto(localized(lc, '/'), { waitUntil: 'commit' });
    await page.waitForSelector('#consent-banner', { state: 'attached' });
    await expect(page.locator('html')).toHaveAttribute('data-consent', 'denied');
    await expect(page.getByRole('region', { name: consent.label })).toBeHidden();
  });

  for (const address of ['/does-not-exist', '/blog/no-such-post', '/blog/page/99']) {
    test(`on the 404 of ${address}, the banner still records a choice and then stays away`, async ({ page }) => {
      await page.goto(localized(lc, address));
      const banner = page.getByRole('region', { name: consent.label });
      await banner.getByRole('button', { name: consent.reject }).click();

      await expect(banner).toBeHidden();
      expect(await page.evaluate(() => localStorage.getItem('bitwerf-consent'))).toBe('denied');
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(banner).toBeHidden();
    });
  }
});

inLocale(en, 'consent', (lc) => {
  const consent = copy[lc.locale];
  test.use({ consentChoice: null });

  test('rejecting loads nothing and is remembered after a reload', async ({ page, context }) => {
    const gtag = countGtagRequests(page);
    await page.goto(localized(lc, '/'));
    await page.getByRole('region', { name: consent.label }).getByRole('button', { name: consent.reject }).click();
    await expect(page.getByRole('region', { name: consent.label })).toBeHidden();

    await page.reload();
    await expect(page.getByRole('region', { name: consent.label })).toBeHidden();
    // The loader only runs inline, at parse time or on a click; by the load event it has had its chance.
    await page.waitForLoadState('load');
    expect(
      await page.evaluate(() => (window as unknown as { bitwerfLoadAnalytics: { done?: boolean } }).bitwerfLoadAnalytics.done),
    ).toBeUndefined();
    expect(gtag.count).toBe(0);
    expect((await context.cookies()).filter((c) => c.name.startsWith('_ga'))).toEqual([]);
    expect((await consentCalls(page)).map((c) => c[1])).toEqual(['default']);
    expect(await page.evaluate(() => localStorage.getItem('bitwerf-consent'))).toBe('denied');
  });

  test('withdrawing consent deletes the statistics cookies Google Analytics set', async ({ page, context, baseURL }) => {
    await page.goto(localized(lc, '/about-us'));
    await page.getByRole('region', { name: consent.label }).getByRole('button', { name: consent.accept }).click();
    // What gtag.js sets once it runs; the tests never load it from Google.
    const url = baseURL ?? '';
    await context.addCookies([
      { name: '_ga', value: 'GA1.1.123.456', url },
      { name: '_ga_TEST123', value: 'GS1.1.789', url },
      { name: 'NEXT_LOCALE', value: lc.locale, url },
    ]);
    await page.getByRole('contentinfo').getByRole('button', { name: lc.common.footer.cookieSettings }).click();
    await page.getByRole('region', { name: consent.label }).getByRole('button', { name: consent.reject }).click();
    const names = async () => (await context.cookies()).map((cookie) => cookie.name);
    await expect.poll(async () => (await names()).filter((name) => name.startsWith('_ga'))).toEqual([]);
    // Only Google's cookies: the site's own stay.
    expect(await names()).toContain('NEXT_LOCALE');
  });

  test('the footer button reopens the banner, and a new choice replaces the old one', async ({ page }) => {
    await page.goto(localized(lc, '/about-us'));
    await page.getByRole('region', { name: consent.label }).getByRole('button', { name: consent.reject }).click();
    await page.getByRole('contentinfo').getByRole('button', { name: lc.common.footer.cookieSettings }).click();
    const banner = page.getByRole('region', { name: consent.label });
    await expect(banner).toBeVisible();
    await expect(banner).toBeFocused();

    const gtagRequest = page.waitForRequest(gtagUrl);
    await banner.getByRole('button', { name: consent.accept }).click();
    await gtagRequest;
    expect(await page.evaluate(() => localStorage.getItem('bitwerf-consent'))).toBe('granted');
  });
});

// Private pages can hold a token in their address and people's details in their titles; Google
// Analytics reports both (review 2, finding 3). The rule is tested in units; here, that it holds in
// a real browser, after a consent that lets the tag run on the page before.
inLocale(en, 'analytics on private pages', (lc) => {
  test.use({ consentChoice: 'granted' });

  test('never runs on a private page, opened directly or through a link from a tracked page', async ({ page }) => {
    const gtag = countGtagRequests(page);
    const loaderRan = () =>
      page.evaluate(() => (window as unknown as { bitwerfLoadAnalytics: { done?: boolean } }).bitwerfLoadAnalytics.done);
    await page.goto(localized(lc, '/sign-in'));
    await page.waitForLoadState('load');
    expect(await loaderRan()).toBeUndefined();
    expect(gtag.count).toBe(0);

    await page.goto(localized(lc, '/about-us'));
    await expect.poll(() => gtag.count).toBe(1);
    await page.getByRole('banner').getByRole('link', { name: enAccount.nav.signIn }).click();
    await expect(page).toHaveURL(localized(lc, '/sign-in'));
    await page.waitForLoadState('load');
    // A fresh document, not the tracked one with a new address.
    expect(await loaderRan()).toBeUndefined();
    expect(gtag.count).toBe(1);
  });
});
