import { expect, locales, localized, test } from './support/i18n';

// Each test sets the widths it needs, so this file runs in the desktop project only.
test.describe('theme tokens', () => {
  test('Poppins at 16/18/20px with 130% line height across the breakpoints', async ({ page }) => {
    await page.goto('/');
    // The sizes follow media queries, so one page load serves every width.
    for (const [width, size] of [[375, 16], [767, 16], [768, 18], [991, 18], [992, 20], [1280, 20]] as const) {
      await page.setViewportSize({ width, height: 800 });
      const style = await page.evaluate(() => {
        const s = getComputedStyle(document.body);
        return { size: parseFloat(s.fontSize), lineHeight: parseFloat(s.lineHeight), family: s.fontFamily };
      });
      expect(style.size, `${width} px`).toBe(size);
      expect(style.lineHeight).toBeCloseTo(size * 1.3, 1);
      expect(style.family).toMatch(/poppins/i);
    }
    expect(await page.evaluate(async () => (await document.fonts.ready, [...document.fonts].some((f) => f.status === 'loaded')))).toBe(true);
  });

  // A first visit on a slow line: the font arrives long after the first paint, the consent banner is up.
  test.describe('a web font that arrives late moves nothing', () => {
    test.use({ consentChoice: null });
    for (const lc of locales) {
      test(`home in ${lc.locale} at 375, 768 and 1280 px`, async ({ page }) => {
        await page.addInitScript(() => {
          const shifts: number[] = [];
          Object.assign(window, { shifts });
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
          }).observe({ type: 'layout-shift', buffered: true });
        });
        for (const width of [375, 768, 1280]) {
          await page.setViewportSize({ width, height: 800 });
          // The font is held back until the page has painted its text in the fallback font, so
          // it arrives late by construction rather than after a guessed delay.
          let release = () => {};
          const held = new Promise<void>((resolve) => (release = resolve));
          await page.route(/\.woff2$/, async (route) => {
            await held;
            await route.continue();
          });
          await page.goto(localized(lc, '/'), { waitUntil: 'commit' });
          await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
          release();
          await page.waitForLoadState('load');
          // Every font settled, then two frames for whatever layout that would cause.
          await page.evaluate(async () => {
            await document.fonts.ready;
            await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          });
          expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts), `${width} px`).toEqual([]);
          await page.unroute(/\.woff2$/);
        }
      });
    }
  });

  test('the page fills the viewport and the content area is at least viewport − 390px', async ({ page }) => {
    await page.goto('/about-us');
    const viewport = page.viewportSize()?.height ?? 0;
    expect(await page.evaluate(() => document.body.getBoundingClientRect().height)).toBeGreaterThanOrEqual(viewport);
    expect(await page.getByRole('main').evaluate((el) => parseFloat(getComputedStyle(el).minHeight))).toBe(viewport - 390);
  });

  test('inputs have a bottom border only', async ({ page }) => {
    await page.goto('/');
    const border = await page.evaluate(() => {
      const input = document.createElement('input');
      document.body.append(input);
      const s = getComputedStyle(input);
      return { top: s.borderTopWidth, right: s.borderRightWidth, bottom: s.borderBottomWidth, left: s.borderLeftWidth };
    });
    expect(border).toEqual({ top: '0px', right: '0px', bottom: '1px', left: '0px' });
  });
});
