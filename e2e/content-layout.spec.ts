import { expect, forEachLocale, localized, test } from './support/i18n';

// The one blog/vacancy check that depends on the width: the card grids reflow at md and lg.
// Each page loads once and is measured at each width, since the grid follows the viewport.
forEachLocale('content lists', (lc) => {
  test('lay out in one column on phones, two on tablets and three (blog) or two (vacancies) on desktops', async ({ page }) => {
    for (const [path, columnsAt] of [
      ['/blog', (width: number) => (width >= 992 ? 3 : width >= 768 ? 2 : 1)],
      ['/vacancies', (width: number) => (width >= 992 ? 2 : 1)],
    ] as const) {
      await page.goto(localized(lc, path));
      await expect(page.locator('body')).not.toHaveCSS('overflow-x', 'scroll');
      for (const width of [1280, 992, 991, 768, 767, 375]) {
        await page.setViewportSize({ width, height: 800 });
        const columns = await page
          .locator('main ul.grid')
          .first()
          .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
        expect(columns, `${path} at ${width} px`).toBe(columnsAt(width));
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
          `${path} at ${width} px scrolls sideways`,
        ).toBe(true);
      }
    }
  });
});
