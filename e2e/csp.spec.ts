import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { APIResponse } from '@playwright/test';

import { authTexts, createTestUser, signIn } from './support/auth';
import { watchViolations } from './support/csp-violations';
import { expect, forEachLocale, isBelowLg, localized, test } from './support/i18n';
import enConsent from '../public/locales/en/consent.json' with { type: 'json' };
import enContact from '../public/locales/en/contact.json' with { type: 'json' };
import nlConsent from '../public/locales/nl/consent.json' with { type: 'json' };
import nlContact from '../public/locales/nl/contact.json' with { type: 'json' };

/*
 * The strict script policy (src/lib/security): prerendered pages allow their own inline scripts
 * by hash, pages rendered per request by nonce, and neither allows inline code or eval in general.
 * Each test browses like a visitor and fails on any CSP violation the page reports.
 */

/** Every script policy among a response's CSP headers (a header may hold several, comma-separated). */
function scriptPolicies(headers: { name: string; value: string }[]): string[] {
  return headers
    .filter((header) => header.name.toLowerCase() === 'content-security-policy')
    .flatMap((header) => header.value.split(','))
    .map((policy) => policy.trim())
    .filter((policy) => /(^|;\s*)script-src\s/.test(policy));
}

async function expectStrictScriptPolicy(
  response: { headersArray(): Promise<{ name: string; value: string }[]> } | null,
  kind: 'hash' | 'nonce',
) {
  if (!response) throw new Error('the page did not load');
  const policies = scriptPolicies(await response.headersArray());
  expect(policies).toHaveLength(1);
  const policy = policies[0] ?? '';
  expect(policy).not.toMatch(/'unsafe-inline'|'unsafe-eval'|'unsafe-hashes'/);
  if (kind === 'hash') {
    expect(policy).toMatch(/'sha256-[A-Za-z0-9+/]{43}='/);
    expect(policy).not.toContain("'nonce-");
  } else {
    expect(policy).toMatch(/'nonce-[A-Za-z0-9+/]+={0,2}'/);
  }
}

const consentCopy = { nl: nlConsent, en: enConsent };
const contactCopy = { nl: nlContact, en: enContact };

forEachLocale('strict CSP', (lc) => {
  // What the language cannot change runs in one language; the two languages share those tests.
  // Each test is a short visit of several pages.
  test.slow();

  if (lc.locale === 'en') {
    test.describe('on a first visit', () => {
      // No stored consent choice, so the banner asks.
      test.use({ consentChoice: null });

      test('prerendered pages run their scripts by hash: browsing, the menu and consenting to analytics', async ({ page }) => {
        const violations = await watchViolations(page);

        const response = await page.goto(localized(lc, '/'));
        await expectStrictScriptPolicy(response, 'hash');
        const consent = consentCopy[lc.locale];
        const gtag = page.waitForRequest(/googletagmanager\.com\/gtag\/js/);
        await page.getByRole('region', { name: consent.label }).getByRole('button', { name: consent.accept }).click();
        await gtag;

        // Client navigation to other prerendered pages, then a full load of a blog post and a vacancy.
        if (isBelowLg(page)) {
          await page.getByRole('button', { name: lc.common.header.openMenu }).click();
          await page.getByRole('dialog', { name: lc.common.header.menu }).getByRole('link', { name: lc.common.nav.about }).click();
        } else {
          await page.getByRole('banner').getByRole('link', { name: lc.common.nav.about }).click();
        }
        await expect(page).toHaveURL(new RegExp(`${localized(lc, '/about-us')}$`));
        for (const pathname of ['/blog/een-zod-schema-voor-client-en-server', '/vacancies/devops-cloud-engineer']) {
          const next = await page.goto(localized(lc, pathname));
          await expectStrictScriptPolicy(next, 'hash');
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        }
        // The theme toggle is React: it only works if the page's scripts ran.
        await page.getByRole('switch', { name: lc.common.theme.label }).first().click();
        await expect(page.locator('html')).toHaveClass(/dark/);
        expect(violations).toEqual([]);
      });
    });
  }

  if (lc.locale === 'nl') {
    test('pages rendered per request run theirs by nonce: 404s and sign-in; the contact form by hash', async ({ page }) => {
      const violations = await watchViolations(page);
      // Prerendered, with a form that posts to a server action.
      const contact = await page.goto(localized(lc, '/contact-us'));
      await expectStrictScriptPolicy(contact, 'hash');
      const form = contactCopy[lc.locale].form;
      await page.getByRole('main').getByLabel(form.email).fill('sanne@');
      await page.getByRole('button', { name: form.submit }).click();
      await expect(page.getByText(form.errorSummary)).toBeVisible();

      // A page that does not exist is rendered per request, and the proxy gives it the nonce; so is a
      // post, vacancy or list page that does not exist, which the proxy answers with the same page.
      for (const pathname of ['/no-such-page', '/blog/no-such-post', '/vacancies/no-such-vacancy', '/blog/page/99']) {
        const missing = await page.goto(localized(lc, pathname));
        expect(missing?.status()).toBe(404);
        await expectStrictScriptPolicy(missing, 'nonce');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // The page's own inline scripts run under the nonce's policy: the theme switch works.
        const toggle = page.getByRole('switch', { name: lc.common.theme.label });
        await toggle.first().click();
        await expect(page.locator('html')).toHaveClass(/\bdark\b/);
        await toggle.first().click();
        await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
      }

      const user = await createTestUser('csp');
      await signIn(page, lc, user);
      await page.getByRole('banner').getByRole('link', { name: lc.common.nav.home }).first().click();
      await expect(page).toHaveURL(new RegExp(`${lc.prefix || '/'}$`));
      expect(violations).toEqual([]);
    });
  }

  if (lc.locale === 'en') {
    test('a server action on a prerendered page (the reset request) works under its policy', async ({ page }) => {
      const violations = await watchViolations(page);
      const t = authTexts[lc.locale];
      const response = await page.goto(localized(lc, '/forgot-password'));
      await expectStrictScriptPolicy(response, 'hash');
      await page.getByRole('textbox', { name: t.forgot.email }).fill('nobody@example.com');
      await page.getByRole('button', { name: t.forgot.submit }).click();
      await expect(page.getByRole('heading', { name: t.forgot.sentTitle })).toBeVisible();
      expect(violations).toEqual([]);
    });
  }
});

test.describe('what the policy stops', () => {
  for (const pathname of ['/about-us', '/en/contact-us']) {
    test(`injected markup cannot run script on ${pathname}, and the attempt is reported`, async ({ page }) => {
      const violations = await watchViolations(page);
      await page.goto(pathname);
      // What an HTML injection would add: markup with an inline event handler.
      await page.evaluate(() => {
        const box = document.createElement('div');
        box.innerHTML = '<img src="/nothing-here.png" onerror="window.injected = true">';
        document.body.append(box);
      });
      await expect.poll(() => violations.length).toBeGreaterThan(0);
      expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
      expect(violations.join('\n')).toMatch(/script-src/);
    });
  }
});

test.describe('script policy per route', () => {
  type PrerenderManifest = { routes: Record<string, { srcRoute: string | null; dataRoute: string | null }> };

  /** The pages `next build` prerendered, as the URLs visitors use. */
  function prerenderedPages(): string[] {
    const distDir = process.env.NEXT_DIST_DIR || '.next';
    const manifest = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, '..', distDir, 'prerender-manifest.json'), 'utf8'),
    ) as PrerenderManifest;
    return Object.entries(manifest.routes)
      .filter(([, route]) => route.dataRoute !== null)
      .map(([route]) => route)
      .filter((route) => /^\/(nl|en)(\/|$)/.test(route))
      .map((route) => route.replace(/^\/nl(?=\/|$)/, '') || '/');
  }

  test('every prerendered page gets its hashes and no nonce (the proxy leaves them alone)', async ({ request }) => {
    const pages = prerenderedPages();
    // Pages that need no backend are always prerendered; content pages are too when the build
    // reached one (a build without it leaves them to their first request).
    expect(pages).toEqual(
      expect.arrayContaining(['/', '/en', '/about-us', '/en/about-us', '/privacy', '/en/privacy', '/blog', '/en/blog']),
    );
    for (const pathname of pages) {
      const response: APIResponse = await request.get(pathname, { maxRedirects: 0 });
      expect(response.status(), pathname).toBe(200);
      const policies = scriptPolicies(response.headersArray());
      expect(policies, pathname).toHaveLength(1);
      expect(policies[0], pathname).toMatch(/'sha256-/);
      expect(policies[0], pathname).not.toContain("'nonce-");
    }
  });
});
