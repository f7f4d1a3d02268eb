import { expect, inLocale, localized, nl, test } from './support/i18n';

type DataLayerEntry = { 0: string; 1: unknown; 2?: Record<string, string> };

// The tag itself only loads after consent; consent.spec.ts covers accepting and rejecting.
// The same inline script runs in either language, so one locale is enough.
inLocale(nl, 'analytics', (lc) => {
  test('sets every consent category to denied on every page, before any choice', async ({ page }) => {
    await page.goto(localized(lc, '/'));

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
    expect(
      Object.values(consent as Record<string, unknown>)
        .filter((v) => typeof v === 'string')
        .every((v) => v === 'denied'),
    ).toBe(true);
  });
});
