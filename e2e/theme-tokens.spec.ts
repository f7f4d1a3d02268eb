import { expect, locales, localized, test } from './support/i18n';

// Each test sets the widths it needs, so this file runs in the desktop project only.
test.describe('theme tokens', () => {
  test('Poppins at 16/18/20px with 130% line height across the breakpoints', async ({ page }) => {
    await page.goto('/');
    // The sizes follow media queries, so one page load serves every width.
    for (const [width, size] of [
      [375, 16],
      [767, 16],
      [768, 18],
      [991, 18],
      [992, 20],
      [1280, 20],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      const style = await page.evaluate(() => {
        const s = getComputedStyle(document.body);
        return { size: parseFloat(s.fontSize), lineHeight: parseFloat(s.lineHeight), family: s.fontFamily };
      });
      expect(style.size, `${width} px`).toBe(size);
      expect(style.lineHeight).toBeCloseTo(size * 1.3, 1);
      expect(style.family).toMatch(/poppins/i);
    }
    expect(await page.evaluate(async () => (await document.fonts.ready, [...document.fonts].some((f) => f.status === 'loaded')))).toBe(
      true,
    );

    // The sizes are in rem, so the browser's own font-size setting scales body text (WCAG 1.4.4):
    // at a 32px default, 375px is still the phone step, at twice the size.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32 } });
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => page.evaluate(() => parseFloat(getComputedStyle(document.body).fontSize))).toBe(32);
  });

  // A first visit on a slow line: the font arrives long after the first paint, and the consent
  // question sits at the top of the page, in the flow. It must be there from the first paint, and
  // answering it may move the page only as the visitor's own action (which CLS does not count).
  test.describe('a web font that arrives late moves nothing', () => {
    test.use({ consentChoice: null });
    for (const lc of locales) {
      test(`home in ${lc.locale} at 375, 768 and 1280 px`, async ({ page }) => {
        await page.addInitScript(() => {
          const shifts: { value: number; input: boolean }[] = [];
          Object.assign(window, { shifts });
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) {
              const shift = entry as PerformanceEntry & { value: number; hadRecentInput: boolean };
              shifts.push({ value: shift.value, input: shift.hadRecentInput });
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        const counted = () =>
          page.evaluate(() => (window as unknown as { shifts: { value: number; input: boolean }[] }).shifts.filter((s) => !s.input));
        /** Every font settled, then two frames for whatever layout that would cause. */
        const settled = () =>
          page.evaluate(async () => {
            await document.fonts.ready;
            await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          });
        const consent = page.locator('#consent-banner');
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
          await expect(consent).toBeVisible();
          release();
          await page.waitForLoadState('load');
          await settled();
          expect(await counted(), `${width} px`).toEqual([]);
          await page.unroute(/\.woff2$/);
        }
        await consent.getByRole('button').first().click();
        await expect(consent).toBeHidden();
        await settled();
        expect(await counted()).toEqual([]);
      });
    }
  });

  // A 404 arrives as an empty document that React fills in; the stored choice is applied there by
  // the banner itself, which must happen before the first paint or the whole page would jump up.
  test("a returning visitor's 404 page does not move when the stored choice hides the banner", async ({ page }) => {
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/does-not-exist', { waitUntil: 'load' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('#consent-banner')).toBeHidden();
    await page.evaluate(async () => {
      await document.fonts.ready;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
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
