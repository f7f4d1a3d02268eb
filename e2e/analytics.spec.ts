import { expect, forEachLocale, localized, test } from './support/i18n';

type DataLayerEntry = { 0: string; 1: unknown; 2?: Record<string, string> };

forEachLocale('analytics', (lc) => {
  test('loads gtag with the placeholder id after the page, with every consent category denied', async ({ page }) => {
    const gtagRequest = page.waitForRequest(/googletagmanager\.com\/gtag\/js/);
    await page.goto(localized(lc, '/'));
    expect((await gtagRequest).url()).toContain('id=G-XXXXXXXXXX');

    // Not render-blocking: no gtag <script> in <head> without async/defer.
    expect(await page.locator('head script[src*="googletagmanager"]:not([async]):not([defer])').count()).toBe(0);

    const consent = await page.evaluate(() => {
      const layer = (window as unknown as { dataLayer: DataLayerEntry[] }).dataLayer;
      return layer.map((entry) => Array.from(entry as unknown as unknown[])).find((e) => e[0] === 'consent' && e[1] === 'default')?.[2];
    });
    expect(consent).toMatchObject({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'denied',
    });
    expect(Object.values(consent as Record<string, unknown>).filter((v) => typeof v === 'string').every((v) => v === 'denied')).toBe(true);
  });
});
