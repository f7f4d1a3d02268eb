import { expect, test } from './support/i18n';
import nlCommon from '../public/locales/nl/common.json' with { type: 'json' };

/*
 * A prerendered page paints before its chunk scripts run (src/lib/static-pages/
 * scripts-after-first-paint.mjs), and then hydrates as before; a page rendered per request keeps
 * Next's own script tags.
 */

type Recorded = { firstChunkScriptAt?: number };

test('a prerendered page is painted before its scripts run, then it hydrates', async ({ page, request }) => {
  // A page without content, so no publish by another test renders it again in between; served from
  // the cache, as every visitor but the first after a render gets it (that one gets the render).
  expect((await request.get('/about-us')).ok()).toBe(true);
  await page.addInitScript(() => {
    const recorded = window as unknown as Recorded;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          // Not the legacy polyfill (nomodule), which modern browsers never run.
          if (node instanceof HTMLScriptElement && node.src.includes('/_next/static/chunks/') && !node.noModule)
            recorded.firstChunkScriptAt ??= performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/about-us');
  const timing = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    firstChunkScript: (window as unknown as Recorded).firstChunkScriptAt,
  }));
  expect(timing.firstPaint).toEqual(expect.any(Number));
  expect(timing.firstChunkScript).toBeGreaterThan(timing.firstPaint ?? Infinity);

  // The page works as before: the theme switch, a client component, responds.
  const toggle = page.getByRole('contentinfo').getByRole('switch', { name: nlCommon.theme.label });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(page.locator('html')).toHaveClass(/dark/);
});

test("a page rendered per request keeps Next's script tags", async ({ request }) => {
  const html = await (await request.get('/sign-in')).text();
  expect(html).toMatch(/<script src="\/_next\/static\/chunks\/[\w.-]+\.js" async=""/);
  expect(html).not.toContain('data-chunks-after-paint');
});
