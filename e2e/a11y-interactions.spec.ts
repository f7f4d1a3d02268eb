import type { Page } from '@playwright/test';

import { faintFocusRings } from './support/focus-rings';
import { expect, forEachLocale, isBelowLg, localized, test } from './support/i18n';
import enConsent from '../public/locales/en/consent.json' with { type: 'json' };
import nlConsent from '../public/locales/nl/consent.json' with { type: 'json' };

// WCAG 2.2 checks that axe cannot make: what happens to keyboard focus as a visitor moves
// through the page and acts on it. Each check runs once per condition that can change its
// outcome (the banner's size depends on width and language), at phone and desktop.

const consentCopy = { nl: nlConsent, en: enConsent };

type Stop = {
  /** A short description of the focused element, for failure messages. */
  name: string;
  tag: string;
  /** How many of 5 points across the element's visible part hit the element itself. */
  visiblePoints: number;
  /** Whether the element, or the card it stands for, draws an outline of at least 2px. */
  outlined: boolean;
  inFooter: boolean;
  box: { top: number; bottom: number; left: number; right: number } | null;
};

/** What the focused element looks like right now: hit-tested, as the audit measured it. */
function describeFocus(page: Page): Promise<Stop> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) {
      return { name: 'BODY', tag: 'BODY', visiblePoints: 0, outlined: false, inFooter: false, box: null };
    }
    const rect = el.getBoundingClientRect();
    // Only the part inside the viewport can be seen; the browser scrolls focus into view.
    const left = Math.max(rect.left, 0);
    const right = Math.min(rect.right, window.innerWidth);
    const top = Math.max(rect.top, 0);
    const bottom = Math.min(rect.bottom, window.innerHeight);
    let visiblePoints = 0;
    if (right > left && bottom > top) {
      const inset = (a: number, b: number) => [a + Math.min(2, (b - a) / 2), b - Math.min(2, (b - a) / 2)] as const;
      const [x0, x1] = inset(left, right);
      const [y0, y1] = inset(top, bottom);
      const points = [
        [(left + right) / 2, (top + bottom) / 2],
        [x0, y0],
        [x1, y0],
        [x0, y1],
        [x1, y1],
      ] as const;
      for (const [x, y] of points) {
        const hit = document.elementFromPoint(x, y);
        if (hit && (hit === el || el.contains(hit))) visiblePoints++;
      }
    }
    const outline = (node: Element | null) => {
      if (!node) return false;
      const style = getComputedStyle(node);
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    };
    const label = (el.getAttribute('aria-label') ?? (el.textContent || el.getAttribute('name')) ?? '')
      .trim()
      .replace(/\s+/g, ' ')
      .slice(0, 40);
    return {
      name: `${el.tagName.toLowerCase()} "${label}"`,
      tag: el.tagName,
      visiblePoints,
      // Link cards outline the whole card instead of the title link (see LinkCard).
      outlined: outline(el) || outline(el.closest('article')),
      inFooter: el.closest('footer') !== null,
      box: { top: rect.top + window.scrollY, bottom: rect.bottom + window.scrollY, left: rect.left, right: rect.right },
    };
  });
}

/** Tabs through the whole page from the top, describing every stop. */
async function tabWalk(page: Page, max = 90): Promise<Stop[]> {
  const stops: Stop[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const stop = await describeFocus(page);
    // Past the last element the browser moves focus to its own toolbar: <body> in the page.
    if (stop.tag === 'BODY') break;
    stops.push(stop);
  }
  return stops;
}

forEachLocale('keyboard focus on a first visit', (lc) => {
  // What the language cannot change runs in one language; the two languages share those tests.
  const consent = consentCopy[lc.locale];
  test.use({ consentChoice: null });

  // One page per language: the home page in Dutch, the form page in English.
  for (const path of lc.locale === 'nl' ? ['/'] : ['/contact-us']) {
    test(`${path}: the consent question comes first, and no focused control is hidden or unmarked @phone`, async ({ page }) => {
      // Two round trips per Tab stop, a few dozen stops.
      test.setTimeout(150_000);
      await page.goto(localized(lc, path));
      const banner = page.getByRole('region', { name: consent.label });
      await expect(banner).toBeVisible();

      const stops = await tabWalk(page);
      expect(stops.length).toBeGreaterThan(10);
      // Reachable quickly: the banner's choice is among the first few stops.
      const first = stops.slice(0, 4).map((s) => s.name);
      expect(first).toContain(`button "${consent.reject}"`);
      expect(first).toContain(`button "${consent.accept}"`);
      // 2.4.11: no stop entirely covered (by the banner, back-to-top or anything else).
      expect(stops.filter((s) => s.visiblePoints === 0).map((s) => s.name)).toEqual([]);
      // 2.4.7/2.4.13: a 2px ring on every control, form fields included (an underline alone is too thin).
      expect(stops.filter((s) => !s.outlined).map((s) => s.name)).toEqual([]);

      // A choice is required, so Escape does not make the question go away.
      await banner.getByRole('button', { name: consent.reject }).focus();
      await page.keyboard.press('Escape');
      await expect(banner).toBeVisible();
    });
  }

  test('at 320×256 (400% zoom) the question and both answers can be scrolled to and read', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 256 });
    await page.goto(localized(lc, '/'));
    const banner = page.getByRole('region', { name: consent.label });
    const parts = [
      banner.getByRole('heading', { name: consent.title }),
      banner.getByText(consent.text),
      banner.getByRole('button', { name: consent.reject }),
      banner.getByRole('button', { name: consent.accept }),
    ];
    for (const part of parts) {
      // Scrolled to as a reader would, then fully inside the viewport at once: readable without panning.
      const box = await part.evaluate((el) => {
        el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      });
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(320);
      expect(box.top).toBeGreaterThanOrEqual(0);
      expect(box.bottom).toBeLessThanOrEqual(256);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });

  if (lc.locale === 'nl') {
    test('after a choice focus moves on, and a reopened question hands focus back to its button', async ({ page }) => {
      await page.goto(localized(lc, '/about-us'));
      const banner = page.getByRole('region', { name: consent.label });
      await banner.getByRole('button', { name: consent.reject }).focus();
      await page.keyboard.press('Enter');
      await expect(banner).toBeHidden();
      await expect(page.locator('#content')).toBeFocused();

      const settings = page.getByRole('contentinfo').getByRole('button', { name: lc.common.footer.cookieSettings });
      await settings.focus();
      await page.keyboard.press('Enter');
      await expect(banner).toBeFocused();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect(banner.getByRole('button', { name: consent.reject })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(banner).toBeHidden();
      await expect(settings).toBeFocused();
    });
  }
});

forEachLocale('focus after an action', (lc) => {
  if (lc.locale === 'en') {
    test('back-to-top moves focus to the top of the page, not to <body>', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(localized(lc, '/about-us'));
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const button = page.getByRole('button', { name: lc.common.backToTop.label });
      await button.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await expect(button).toHaveCount(0);
      await expect(page.getByRole('banner').getByRole('link', { name: lc.common.header.homeLink })).toBeFocused();
    });
  }

  if (lc.locale === 'nl') {
    test('the menu leaves focus on its button after closing and after choosing a page @phone @below-lg', async ({ page }) => {
      await page.goto(localized(lc, '/'));
      const open = page.getByRole('button', { name: lc.common.header.openMenu });
      await open.focus();
      await page.keyboard.press('Enter');
      const drawer = page.getByRole('dialog', { name: lc.common.header.menu });
      await expect(drawer).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(open).toBeFocused();

      await page.keyboard.press('Enter');
      await drawer.getByRole('link', { name: lc.common.nav.about }).focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(localized(lc, '/about-us'));
      await expect(drawer).toBeHidden();
      expect((await describeFocus(page)).tag).not.toBe('BODY');
    });
  }
});

forEachLocale('layout for keyboard and low-vision users', (lc) => {
  if (lc.locale === 'en') {
    test('the back-to-top button covers no footer control at the end of the page @phone', async ({ page }) => {
      test.setTimeout(90_000);
      // The audit's worst cases: the flags from 1280px up, the right-hand footer links on phones.
      const widths = isBelowLg(page) ? [320, 375] : [1280, 1440];
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(localized(lc, '/about-us'));
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        const button = page.getByRole('button', { name: lc.common.backToTop.label });
        await expect(button).toBeVisible();
        const overlaps = await button.evaluate((b) => {
          const r = b.getBoundingClientRect();
          return [...document.querySelectorAll('footer a, footer button')]
            .filter((el) => {
              const e = el.getBoundingClientRect();
              return e.width > 0 && e.left < r.right && e.right > r.left && e.top < r.bottom && e.bottom > r.top;
            })
            .map((el) => el.outerHTML.slice(0, 80));
        });
        expect(overlaps, `at ${width}px`).toEqual([]);
      }
    });
  }

  if (lc.locale === 'nl') {
    test('the footer is tabbed through in the order it is read', async ({ page }) => {
      test.setTimeout(90_000);
      await page.goto(localized(lc, '/'));
      // The bottom bar is a column below lg and a row from lg up: one page load, both layouts.
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 800 });
        await page.getByRole('contentinfo').getByRole('link').first().focus();
        const stops: Stop[] = [await describeFocus(page)];
        for (let i = 0; i < 30; i++) {
          await page.keyboard.press('Tab');
          const stop = await describeFocus(page);
          if (!stop.inFooter) break;
          stops.push(stop);
        }
        expect(stops.length, `${width}px`).toBeGreaterThan(8);
        // Each stop is below the previous one, or in a column to its right.
        for (const [i, stop] of stops.entries()) {
          const previous = stops[i - 1];
          if (!previous?.box || !stop.box) continue;
          const below = stop.box.top >= previous.box.bottom - 1;
          const sameRowOrColumnRight = stop.box.left >= previous.box.right - 1;
          expect(below || sameRowOrColumnRight, `${width}px: ${previous.name} → ${stop.name}`).toBe(true);
        }
      }
    });
  }

  test('blog cards and the application form keep to the screen with WCAG text spacing at 320px @phone @below-lg', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    // The application form's hints hold an example address, which must wrap too.
    for (const path of ['/', '/blog', '/vacancies#open-application']) {
      await page.goto(localized(lc, path));
      await page.addStyleTag({
        content:
          '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }',
      });
      const wide = await page.evaluate(
        () => [...document.querySelectorAll('article')].filter((a) => a.getBoundingClientRect().right > 320.5).length,
      );
      expect(wide, path).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
    }
  });
});

// These do not depend on the width: desktop only (untagged).
test.describe('language and naming details', () => {
  test.use({ locale: 'nl-NL' });

  test('a Dutch-only post on the English site marks its Dutch text as Dutch and its details as English', async ({ page }) => {
    await page.goto('/en/blog/wbso-subsidie-voor-softwareontwikkeling');
    const langOf = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => el.closest('[lang]')?.getAttribute('lang'));
    expect(await langOf('article h1')).toBe('nl');
    expect(await langOf('article .prose-site p')).toBe('nl');
    expect(await langOf('article time')).toBe('en');
  });

  test('content headings stay plain headings, with a labelled link to the section beside them', async ({ page }) => {
    await page.goto('/vacancies/senior-full-stack-developer');
    const heading = page.getByRole('heading', { level: 2, name: 'Wat je gaat doen', exact: true });
    await expect(heading).toBeVisible();
    const permalink = page.getByRole('link', { name: 'Link naar deze sectie: Wat je gaat doen' });
    await expect(permalink).toHaveAttribute('href', '#wat-je-gaat-doen');
    await permalink.focus();
    await expect(permalink).toBeVisible();
  });

  test('the inactive language flag keeps 3:1 against the page in both colour modes', async ({ page }) => {
    // The flags' own colours (src/assets/flags): the Dutch red and blue stripes and the white one.
    const stripes = [
      [174, 28, 40],
      [33, 70, 139],
      [255, 255, 255],
    ];
    for (const mode of ['light', 'dark'] as const) {
      await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
      await page.goto('/en');
      const best = await page
        .getByRole('contentinfo')
        .locator('a[hreflang="nl"] img')
        .evaluate((img, colours) => {
          const opacity = Number(getComputedStyle(img).opacity);
          const bg = getComputedStyle(document.body).backgroundColor.match(/\d+/g)?.map(Number) ?? [0, 0, 0];
          const lum = (rgb: number[]) => {
            const [r = 0, g = 0, b = 0] = rgb.map((v) => {
              const c = v / 255;
              return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
            });
            return 0.2126 * r + 0.7152 * g + 0.0722 * b;
          };
          return Math.max(
            ...colours.map((c) => {
              const shown = c.map((v, i) => v * opacity + (bg[i] ?? 0) * (1 - opacity));
              const [a, b] = [lum(shown), lum(bg)];
              return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
            }),
          );
        }, stripes);
      expect(best, mode).toBeGreaterThanOrEqual(3);
    }
  });
});

// The tab walks above cover the home and contact pages on a first visit; these walk the forms, in
// both colour modes, and measure each ring against what it is drawn on: a ring in the colour of
// its ground is no ring (2.4.7), and 2.4.13 asks 2px at 3:1.
test.describe('focus rings on the forms', () => {
  test.use({ locale: 'nl-NL' });

  test('every control of the application, contact and sign-in forms shows a 2px ring at 3:1, light and dark (2.4.13)', async ({ page }) => {
    test.setTimeout(60_000);
    for (const path of ['/vacancies/senior-full-stack-developer', '/contact-us', '/sign-in']) {
      await page.goto(path);
      const { stops, faint } = await faintFocusRings(page);
      expect(stops, path).toBeGreaterThan(6);
      expect(faint, path).toEqual([]);
    }
  });
});
