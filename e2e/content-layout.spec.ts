import { expect, forEachLocale, localized, test } from './support/i18n';

// The one blog/vacancy check that runs at every width: the card grids reflow at md and lg.
forEachLocale('content lists', (lc) => {
  test('lay out in one column on phones, two on tablets and three (blog) or two (vacancies) on desktops', async ({ page }) => {
    const width = page.viewportSize()?.width ?? 0;
    const columns = async (path: string) => {
      await page.goto(localized(lc, path));
      return page.locator('main ul.grid').first().evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    };
    expect(await columns('/blog')).toBe(width >= 992 ? 3 : width >= 768 ? 2 : 1);
    expect(await columns('/vacancies')).toBe(width >= 992 ? 2 : 1);
    await expect(page.locator('body')).not.toHaveCSS('overflow-x', 'scroll');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
