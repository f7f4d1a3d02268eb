import { expect, forEachLocale, localized, test } from './support/i18n';

forEachLocale('language switch', (lc) => {
  const other =
    lc.locale === 'nl' ? { locale: 'en', name: 'English', path: '/en/blog' } : { locale: 'nl', name: 'Nederlands', path: '/blog' };

  test('shows a 35×21 flag link per language, the inactive one faded (but at 3:1, see a11y-interactions.spec.ts)', async ({ page }) => {
    await page.goto(localized(lc, '/blog'));
    const nav = page.getByRole('contentinfo').getByRole('list', { name: lc.common.languageSwitch.label });
    const current = nav.getByRole('link', { name: lc.locale === 'nl' ? 'Nederlands' : 'English' });
    const inactive = nav.getByRole('link', { name: other.name });

    await expect(current).toHaveAttribute('aria-current', 'true');
    await expect(current).toHaveAttribute('hreflang', lc.locale);
    await expect(current).toHaveAttribute('lang', lc.locale);
    await expect(inactive).not.toHaveAttribute('aria-current', /.*/);
    await expect(inactive).toHaveAttribute('hreflang', other.locale);
    await expect(inactive).toHaveAttribute('href', other.path);

    for (const [link, opacity] of [
      [current, '1'],
      [inactive, '0.75'],
    ] as const) {
      const flag = link.locator('img');
      expect(await flag.evaluate((img) => [img.getBoundingClientRect().width, img.getBoundingClientRect().height])).toEqual([35, 21]);
      expect(await flag.evaluate((img) => getComputedStyle(img).opacity)).toBe(opacity);
    }
  });

  test('goes to the same path, query and hash in the other language and remembers the choice', async ({ page }) => {
    await page.goto(`${localized(lc, '/contact-us')}?subject=project#form`);
    await page.getByRole('contentinfo').getByRole('link', { name: other.name }).click();
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === localized({ ...lc, prefix: other.locale === 'en' ? '/en' : '' }, '/contact-us') &&
        url.search === '?subject=project' &&
        url.hash === '#form',
    );
    await expect(page.locator('html')).toHaveAttribute('lang', other.locale);

    // The next visit to the bare domain keeps the chosen language.
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', other.locale);
  });
});
