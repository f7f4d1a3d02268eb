import type { Page } from '@playwright/test';

import { en, expect, inLocale, localized, nl, test } from './support/i18n';

type Recorder = { scrollRequests: unknown[] };

/** Records what the page asks window.scrollTo for, while still scrolling. */
async function recordScrollRequests(page: Page) {
  await page.evaluate(() => {
    const original = window.scrollTo.bind(window);
    (window as unknown as Recorder).scrollRequests = [];
    window.scrollTo = ((options: ScrollToOptions) => {
      (window as unknown as Recorder).scrollRequests.push(options);
      original(options);
    }) as typeof window.scrollTo;
  });
}

function scrollRequests(page: Page) {
  return page.evaluate(() => (window as unknown as Recorder).scrollRequests);
}

// None of these depends on the language: each runs once, the texts from one locale or the other.
inLocale(en, 'shared widgets', (lc) => {
  test('the content container is centred, at most 1400px, with 16px padding (24px from md)', async ({ page }) => {
    await page.setViewportSize({ width: 1600, height: 900 });
    await page.goto(localized(lc, '/about-us'));
    const container = page.getByRole('banner').locator('> div');
    const box = await container.boundingBox();
    expect(box?.width).toBe(1400);
    expect(box?.x).toBe(100);
    expect(await container.evaluate((el) => getComputedStyle(el).paddingLeft)).toBe('24px');

    await page.setViewportSize({ width: 375, height: 740 });
    expect(await container.evaluate((el) => getComputedStyle(el).paddingLeft)).toBe('16px');
  });

  // One page load for every width: the corner offset follows the viewport.
  test('back-to-top appears after 300px of scroll, sits 20px (40px from lg) from the corner and scrolls up', async ({ page }) => {
    // A short window so the page is tall enough to scroll past the threshold.
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.goto(localized(lc, '/'));
    const button = page.getByRole('button', { name: lc.common.backToTop.label });
    await expect(button).toHaveCount(0);

    await page.evaluate(() => window.scrollTo(0, 301));
    await expect(button).toBeVisible();
    // Back to exactly the threshold: it goes again, so 300 px is not "more than 300".
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect(button).toHaveCount(0);
    // Well past the threshold, so reflowing at other widths cannot bring it back under.
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(button).toBeVisible();

    for (const [width, offset] of [
      [1280, 40],
      [992, 40],
      [991, 20],
      [375, 20],
    ] as const) {
      await page.setViewportSize({ width, height: 400 });
      const box = await button.boundingBox();
      expect(Math.round(width - ((box?.x ?? 0) + (box?.width ?? 0))), `right at ${width} px`).toBe(offset);
      expect(Math.round(400 - ((box?.y ?? 0) + (box?.height ?? 0))), `bottom at ${width} px`).toBe(offset);
    }
    expect(await button.evaluate((el) => getComputedStyle(el).borderRadius)).toMatch(/px$/);
    expect(await button.evaluate((el) => el.getBoundingClientRect().width === el.getBoundingClientRect().height)).toBe(true);

    await recordScrollRequests(page);
    await button.click();
    expect(await scrollRequests(page)).toEqual([{ top: 0, behavior: 'smooth' }]);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toHaveCount(0);
  });
});

inLocale(nl, 'shared widgets', (lc) => {
  test('back-to-top jumps instantly under reduced motion', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(localized(lc, '/'));
    await page.evaluate(() => window.scrollTo(0, 500));
    await recordScrollRequests(page);
    await page.getByRole('button', { name: lc.common.backToTop.label }).click();
    expect(await scrollRequests(page)).toEqual([{ top: 0, behavior: 'instant' }]);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the underline link draws a 2px line over 0.3s on hover and keyboard focus', async ({ page }) => {
    await page.goto(localized(lc, '/'));
    const link = page.getByRole('contentinfo').getByRole('link', { name: lc.common.nav.blog, exact: true });
    const after = () =>
      link.evaluate((el) => {
        const s = getComputedStyle(el, '::after');
        return { height: s.height, transition: s.transitionDuration, transform: s.transform };
      });
    expect(await after()).toEqual({ height: '2px', transition: '0.3s', transform: 'matrix(0, 0, 0, 1, 0, 0)' });
    await link.hover();
    await expect.poll(async () => (await after()).transform).toBe('matrix(1, 0, 0, 1, 0, 0)');
    await page.mouse.move(0, 0);
    await expect.poll(async () => (await after()).transform).toBe('matrix(0, 0, 0, 1, 0, 0)');
    await link.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect.poll(async () => (await after()).transform).toBe('matrix(1, 0, 0, 1, 0, 0)');
  });
});
