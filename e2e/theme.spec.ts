import { en, expect, inLocale, localized, nl, test } from './support/i18n';

// The colour mode does not depend on the language: one test per locale, not each test in both.

inLocale(nl, 'colour mode', (lc) => {
  test('starts light even when the system prefers dark', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(localized(lc, '/'));
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(250, 250, 250)');
    await expect(page.getByRole('contentinfo').getByRole('switch', { name: lc.common.theme.label })).toHaveAttribute(
      'aria-checked',
      'false',
    );
  });
});

inLocale(en, 'colour mode', (lc) => {
  test('the footer toggle switches to dark, stores it under "theme" and a reload shows no flash', async ({ page }) => {
    await page.goto(localized(lc, '/about-us'));
    const toggle = page.getByRole('contentinfo').getByRole('switch', { name: lc.common.theme.label });
    await toggle.hover();
    await page.evaluate(() => {
      const w = window as unknown as { transitions: number };
      w.transitions = 0;
      document.addEventListener('transitionrun', () => w.transitions++, true);
    });
    await toggle.click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    // The whole page changes colour at once: no element fades over on its own.
    expect(await page.evaluate(() => (window as unknown as { transitions: number }).transitions)).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(31, 31, 31)');

    // Record the class at the first paint-relevant moment: before any app script has run.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { darkAtDomReady: boolean }).darkAtDomReady = document.documentElement.classList.contains('dark');
      });
    });
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { darkAtDomReady: boolean }).darkAtDomReady)).toBe(true);

    await toggle.click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });
});
