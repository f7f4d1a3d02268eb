import type { Page } from '@playwright/test';

import { axeViolations } from './support/axe';
import { en, expect, legalPages, localized, nl, pages, test, type LocaleCase } from './support/i18n';

/*
 * Axe on every page, in both colour modes. The locale changes the words, not the markup, so a
 * page is not scanned per locale × mode × width: each page loads once, in one language, is scanned
 * in light mode, switched to dark with the footer's toggle, and scanned again. The pages take the
 * two languages in turn, and at phone width the other way round, so both languages meet both
 * modes at every width.
 */

/** The language a page is scanned in: alternating down the list, the other way round on phones. */
function localeFor(page: Page, index: number): LocaleCase {
  const phone = (page.viewportSize()?.width ?? 0) < 768;
  return (index % 2 === 0) !== phone ? nl : en;
}

/** Scans `path` in light mode, then in dark mode after the visitor switches, without a reload. */
async function scanBothModes(page: Page, lc: LocaleCase, path: string, include?: string) {
  await page.goto(localized(lc, path));
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', lc.locale);
  await expect(html).not.toHaveClass(/\bdark\b/);
  expect(await axeViolations(page, include), `${localized(lc, path)} in light mode`).toEqual([]);
  await page.getByRole('contentinfo').getByRole('switch', { name: lc.common.theme.label }).click();
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await axeViolations(page, include), `${localized(lc, path)} in dark mode`).toEqual([]);
}

const layoutPages = [
  ...pages.map((p) => ({ key: p.key, path: p.path })),
  ...legalPages.map((p) => ({ key: p.key, path: p.path })),
  // Not in the menu (the spec's navigation), but a page of cards and a form of its own.
  { key: 'cases', path: '/cases' },
  { key: '404', path: '/does-not-exist' },
];

// At phone width the header turns into the menu button and the grids fold into one column; the
// pages that hold every kind of block there is (hero, cards, lists, the form) are scanned at both
// widths, the rest of the pages reuse those blocks and are scanned at desktop width.
const phoneWidthToo = new Set<string>(['home', 'blog', 'contact', 'cases']);

// The header and footer are the same on every page: the whole document is scanned on these two
// (every width they run at, both modes, both languages); on the others axe scans their <main>.
const shellScanned = new Set<string>(['home', '404']);

// Detail pages share their layout with the lists above; one width covers what they add.
const detailPages = [
  { key: 'a blog post with code', path: '/blog/een-zod-schema-voor-client-en-server' },
  { key: 'a blog post written only in Dutch', path: '/blog/wbso-subsidie-voor-softwareontwikkeling' },
  { key: 'an open vacancy', path: '/vacancies/senior-full-stack-developer' },
  { key: 'a closed vacancy', path: '/vacancies/afstudeerstage-software-engineering' },
  { key: 'a case study with its key figures and quote', path: '/cases/een-portaal-waarin-familie-en-zorg-samenkomen' },
  { key: 'the case studies filtered by a sector', path: '/cases?sector=healthcare' },
  { key: 'the page after an application', path: '/applications/received' },
];

test.describe('accessibility', () => {
  // Unprefixed URLs are Dutch for a Dutch browser; /en is English for any browser.
  test.use({ locale: nl.browserLocale });
  // Two scans per test; an axe scan is CPU-bound and slow on a busy machine.
  test.describe.configure({ timeout: 90_000 });

  layoutPages.forEach(({ key, path }, index) => {
    test(`${key} has no axe violations in light and dark mode`, { tag: phoneWidthToo.has(key) ? '@phone' : [] }, async ({ page }) => {
      await scanBothModes(page, localeFor(page, index), path, shellScanned.has(key) ? undefined : 'main');
    });
  });

  detailPages.forEach(({ key, path }, index) => {
    test(`${key} has no axe violations in light and dark mode`, async ({ page }) => {
      await scanBothModes(page, localeFor(page, index), path, 'main');
    });
  });

  // The drawer is dark in either mode (it carries its own `dark` class): one scan per width.
  test('the open drawer has no axe violations', { tag: ['@phone', '@below-lg'] }, async ({ page }) => {
    await page.goto(localized(en, '/'));
    await page.getByRole('button', { name: en.common.header.openMenu }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await axeViolations(page, 'dialog')).toEqual([]);
  });
});
