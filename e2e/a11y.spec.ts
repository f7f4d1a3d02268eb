import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { en, expect, legalPages, localized, nl, pages, test, type LocaleCase } from './support/i18n';

/*
 * Axe on every page, in both colour modes. The locale changes the words, not the markup, so a
 * page is not scanned per locale × mode × width: at desktop, light mode is scanned in Dutch and
 * dark mode in English; at phone width the other way round. Each page thus meets both modes and
 * both languages at every width it runs at, and every language–mode pair across the two widths.
 */

type Mode = 'light' | 'dark';

const axeViolations = async (page: Page, include?: string) => {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  return (await builder.analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

/** The locale per colour mode at this width. */
function pairs(page: Page): [LocaleCase, Mode][] {
  const phone = (page.viewportSize()?.width ?? 0) < 768;
  return phone ? [[en, 'light'], [nl, 'dark']] : [[nl, 'light'], [en, 'dark']];
}

/** Opens `path` in `lc` and `mode` as a visitor with that stored preference would, and checks both took effect. */
async function open(page: Page, lc: LocaleCase, path: string, mode: Mode) {
  // A fresh visit each time: no locale cookie from the previous page, the stored colour mode kept.
  await page.context().clearCookies();
  // Storage belongs to the origin: on a blank page, reach it through the cheapest response.
  if (!page.url().startsWith('http')) await page.goto('/robots.txt');
  await page.evaluate((m) => localStorage.setItem('theme', m), mode);
  await page.goto(localized(lc, path));
  await expect(page.locator('html')).toHaveAttribute('lang', lc.locale);
  if (mode === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
}

const layoutPages = [...pages.map((p) => ({ key: p.key, path: p.path })), ...legalPages.map((p) => ({ key: p.key, path: p.path })), { key: '404', path: '/does-not-exist' }];

// At phone width the header turns into the menu button and the grids fold into one column; the
// pages that hold every kind of block there is (hero, cards, lists, the form) are scanned at both
// widths, the rest of the pages reuse those blocks and are scanned at desktop width.
const phoneWidthToo = new Set<string>(['home', 'blog', 'contact']);

// The header and footer are the same on every page: the whole document is scanned on these two
// (every width they run at, both modes, both languages); on the others axe scans their <main>.
const shellScanned = new Set<string>(['home', '404']);

// Detail pages share their layout with the lists above; one width covers what they add.
const detailPages = [
  { key: 'a blog post with code', path: '/blog/een-zod-schema-voor-client-en-server' },
  { key: 'a blog post written only in Dutch', path: '/blog/wbso-subsidie-voor-softwareontwikkeling' },
  { key: 'an open vacancy', path: '/vacancies/senior-full-stack-developer' },
  { key: 'a closed vacancy', path: '/vacancies/afstudeerstage-software-engineering' },
];

test.describe('accessibility', () => {
  // Unprefixed URLs are Dutch for a Dutch browser; /en is English for any browser.
  test.use({ locale: nl.browserLocale });
  // Two page loads and two scans per test; an axe scan is CPU-bound and slow on a busy machine.
  test.describe.configure({ timeout: 90_000 });

  for (const { key, path } of layoutPages) {
    test(`${key} has no axe violations in light and dark mode`, { tag: phoneWidthToo.has(key) ? '@phone' : [] }, async ({ page }) => {
      for (const [lc, mode] of pairs(page)) {
        await open(page, lc, path, mode);
        expect(await axeViolations(page, shellScanned.has(key) ? undefined : 'main'), `${localized(lc, path)} in ${mode} mode`).toEqual([]);
      }
    });
  }

  for (const { key, path } of detailPages) {
    test(`${key} has no axe violations in light and dark mode`, async ({ page }) => {
      for (const [lc, mode] of pairs(page)) {
        await open(page, lc, path, mode);
        expect(await axeViolations(page, 'main'), `${localized(lc, path)} in ${mode} mode`).toEqual([]);
      }
    });
  }

  // The drawer is dark in either mode (it carries its own `dark` class): one scan per width.
  test('the open drawer has no axe violations', { tag: ['@phone', '@below-lg'] }, async ({ page }) => {
    await open(page, en, '/', 'light');
    await page.getByRole('button', { name: en.common.header.openMenu }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await axeViolations(page, 'dialog')).toEqual([]);
  });
});
