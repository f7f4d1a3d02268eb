import { en, expect, forEachLocale, inLocale, localized, nl, test } from './support/i18n';

// The drawer replaces the inline navigation below lg, so none of this runs at desktop width.
// What it looks like, and its texts: both locales, both widths below lg.
forEachLocale(
  'drawer',
  (lc) => {
    // What the language cannot change runs in one language; the two languages share those tests.
    if (lc.locale === 'nl') {
      test('opens full-screen on black with large links, the active one underlined, copyright, language switch and theme toggle', async ({
        page,
      }) => {
        await page.goto(localized(lc, '/blog'));
        const button = page.getByRole('button', { name: lc.common.header.openMenu });
        // It says it opens a dialog; no aria-expanded beside its invoker command (ARIA in HTML).
        await expect(button).toHaveAttribute('aria-haspopup', 'dialog');
        await expect(button).not.toHaveAttribute('aria-expanded');
        await button.click();
        const drawer = page.getByRole('dialog', { name: lc.common.header.menu });
        await expect(drawer).toBeVisible();

        await drawer.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
        const box = await drawer.boundingBox();
        const viewport = page.viewportSize();
        expect(box).toMatchObject({ x: 0, y: 0, width: viewport?.width, height: viewport?.height });
        expect(await drawer.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(31, 31, 31)');

        const active = drawer.getByRole('link', { name: lc.common.nav.blog, exact: true });
        await expect(active).toHaveAttribute('aria-current', 'page');
        const underline = (name: string) =>
          drawer.getByRole('link', { name, exact: true }).evaluate((el) => getComputedStyle(el, '::after').transform);
        await expect.poll(() => underline(lc.common.nav.blog)).toBe('matrix(1, 0, 0, 1, 0, 0)');
        expect(await underline(lc.common.nav.about)).toBe('matrix(0, 0, 0, 1, 0, 0)');
        expect(await active.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(36);

        await expect(drawer.getByText(String(new Date().getFullYear()))).toBeVisible();
        await expect(drawer.getByRole('list', { name: lc.common.languageSwitch.label })).toBeVisible();
        await expect(drawer.getByRole('switch', { name: lc.common.theme.label })).toBeVisible();
      });
    }
  },
  { tag: ['@below-lg', '@phone', '@tablet'] },
);

// How it behaves does not depend on the language: each of these runs once, at phone width.
inLocale(
  nl,
  'drawer',
  (lc) => {
    test('choosing a link navigates and closes the drawer', async ({ page }) => {
      await page.goto(localized(lc, '/'));
      await page.getByRole('button', { name: lc.common.header.openMenu }).click();
      await page.getByRole('dialog').getByRole('link', { name: lc.common.nav.contact, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${localized(lc, '/contact-us')}$`));
      await expect(page.getByRole('dialog')).toBeHidden();
    });

    test('the close button closes it too', async ({ page }) => {
      await page.goto(localized(lc, '/'));
      await page.getByRole('button', { name: lc.common.header.openMenu }).click();
      await page.getByRole('button', { name: lc.common.header.closeMenu }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
    });

    test('slides in from the right, and not at all under reduced motion', async ({ page }) => {
      await page.goto(localized(lc, '/'));
      await page.getByRole('button', { name: lc.common.header.openMenu }).click();
      expect(await page.getByRole('dialog').evaluate((el) => getComputedStyle(el).animationName)).toBe('drawer-in');
      await page.keyboard.press('Escape');

      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.getByRole('button', { name: lc.common.header.openMenu }).click();
      expect(await page.getByRole('dialog').evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    });
  },
  { tag: ['@below-lg', '@phone'] },
);

inLocale(
  en,
  'drawer',
  (lc) => {
    test('Escape closes it and focus returns to the menu button', async ({ page }) => {
      await page.goto(localized(lc, '/'));
      const button = page.getByRole('button', { name: lc.common.header.openMenu });
      await button.click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(button).toBeFocused();
    });

    test('focus stays inside while open and the page behind does not scroll', async ({ page }) => {
      await page.goto(localized(lc, '/'));
      await page.getByRole('button', { name: lc.common.header.openMenu }).click();
      const drawer = page.getByRole('dialog');
      const inside = () => drawer.evaluate((el) => el.contains(document.activeElement));
      for (let i = 0; i < 15; i++) {
        await page.keyboard.press('Tab');
        expect(await inside()).toBe(true);
      }
      for (let i = 0; i < 15; i++) {
        await page.keyboard.press('Shift+Tab');
        expect(await inside()).toBe(true);
      }
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    });
  },
  { tag: ['@below-lg', '@phone'] },
);
