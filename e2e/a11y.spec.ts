import AxeBuilder from '@axe-core/playwright';
import { expect, forEachLocale, isBelowLg, localized, pages, test } from './support/i18n';

forEachLocale('accessibility', (lc) => {
  for (const { key, path } of pages) {
    for (const mode of ['light', 'dark'] as const) {
      test(`${key} has no axe violations in ${mode} mode`, async ({ page }) => {
        await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
        await page.goto(localized(lc, path));
        const results = await new AxeBuilder({ page }).analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      });
    }
  }

  test('the open drawer has no axe violations', async ({ page }) => {
    test.skip(!isBelowLg(page), 'the drawer only exists below lg');
    await page.goto(localized(lc, '/'));
    await page.getByRole('button', { name: lc.common.header.openMenu }).click();
    const results = await new AxeBuilder({ page }).include('dialog').analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  test('the 404 page has no axe violations', async ({ page }) => {
    await page.goto(localized(lc, '/nope'));
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});
