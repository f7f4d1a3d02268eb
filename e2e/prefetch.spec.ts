import type { Page } from '@playwright/test';

import { expect, test } from './support/i18n';
import nlCommon from '../public/locales/nl/common.json' with { type: 'json' };

/*
 * Internal links prefetch their page when they come within 200px of the viewport once the page is
 * idle (never on Save-Data or 2G), and when a visitor shows intent
 * (src/components/layout/site-prefetch.tsx).
 */

/** Every page fetched ahead as Next's router does it: an RSC request for its path. */
function prefetchedPages(page: Page): Set<string> {
  const prefetched = new Set<string>();
  page.on('request', (request) => {
    if (request.headers()['rsc'] === '1') prefetched.add(new URL(request.url()).pathname);
  });
  return prefetched;
}

const idle = (page: Page) => page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 5_000 })));

test('once the page is idle, the pages linked near the viewport are prefetched, and the rest as they come near', async ({ page }) => {
  const prefetched = prefetchedPages(page);
  const blog = page.waitForRequest((request) => request.headers()['rsc'] === '1' && new URL(request.url()).pathname === '/blog');
  await page.goto('/about-us', { waitUntil: 'load' });
  // The header's navigation is in view.
  await blog;
  // The privacy statement is linked from the footer only, far below the first screen.
  await idle(page);
  expect(prefetched.has('/privacy')).toBe(false);

  const privacy = page.waitForRequest((request) => request.headers()['rsc'] === '1' && new URL(request.url()).pathname === '/privacy');
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await privacy;

  // A prefetched page opens without a full load.
  await page.evaluate(() => ((window as unknown as { sameDocument?: boolean }).sameDocument = true));
  await page.getByRole('contentinfo').getByRole('link', { name: nlCommon.nav.blog, exact: true }).click();
  await expect(page).toHaveURL(/\/blog$/);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test('a visitor who asked to save data gets nothing ahead of time, only the page they point at', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }));
  const prefetched = prefetchedPages(page);
  await page.goto('/about-us', { waitUntil: 'load' });
  await idle(page);
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await idle(page);
  expect([...prefetched]).toEqual([]);

  const link = page.getByRole('contentinfo').getByRole('link', { name: nlCommon.nav.blog, exact: true });
  const blog = page.waitForRequest((request) => request.headers()['rsc'] === '1' && new URL(request.url()).pathname === '/blog');
  await link.hover();
  await blog;
  expect([...prefetched]).toEqual(['/blog']);
});
