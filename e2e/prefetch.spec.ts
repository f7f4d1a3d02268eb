import { expect, test } from './support/i18n';
import nlCommon from '../public/locales/nl/common.json' with { type: 'json' };

/*
 * Internal links prefetch their page once a visitor shows intent, not as they scroll into view
 * (src/components/layout/prefetch-on-intent.tsx).
 */

test('a page fetches no other page on load, and prefetches the one a visitor points at', async ({ page }) => {
  const prefetched = new Set<string>();
  page.on('request', (request) => {
    if (request.headers()['rsc'] === '1') prefetched.add(new URL(request.url()).pathname);
  });
  await page.goto('/about-us');
  // In view, where Next's default would have prefetched it, and every other link on the page, already.
  const link = page.getByRole('contentinfo').getByRole('link', { name: nlCommon.nav.blog, exact: true });
  await link.scrollIntoViewIfNeeded();
  expect([...prefetched]).toEqual([]);

  const blog = page.waitForRequest((request) => request.headers()['rsc'] === '1' && new URL(request.url()).pathname === '/blog');
  await link.hover();
  await blog;
  expect([...prefetched]).toEqual(['/blog']);

  // The prefetched page opens without a full load.
  await page.evaluate(() => ((window as unknown as { sameDocument?: boolean }).sameDocument = true));
  await link.click();
  await expect(page).toHaveURL(/\/blog$/);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
