import type { Page } from '@playwright/test';

import { accountTexts, addTotpFactor, authTexts, createTestUser, totp, type TestUser } from './support/auth';
import { axeViolations } from './support/axe';
import { expect, forEachLocale, localized, test, type LocaleCase } from './support/i18n';

/*
 * Sign-in with an external provider: the sign-in page links to Bitwerf ID (the embedded backend's
 * local OpenID Connect provider), Auth runs the PKCE flow, and the site's callback trades the code
 * for a session. The provider's page is its own (local-supabase/src/idp), in the visitor's language.
 */
const idp = {
  nl: {
    title: 'Bitwerf ID (lokaal)',
    other: 'Ander e-mailadres (geldt als geverifieerd)',
    submit: 'Aanmelden met dit adres',
    cancel: 'Annuleren',
  },
  en: {
    title: 'Bitwerf ID (local)',
    other: 'Another email address (counts as verified)',
    submit: 'Sign in with this address',
    cancel: 'Cancel',
  },
} as const;

/** The sign-in page's link to Bitwerf ID, followed to the provider's own page. */
async function toProvider(page: Page, lc: LocaleCase, next = '/account') {
  const t = authTexts[lc.locale].signIn;
  await page.goto(`${localized(lc, '/sign-in')}?next=${encodeURIComponent(localized(lc, next))}`);
  await page.getByRole('link', { name: t.provider.replace('{name}', t.providerNames.keycloakLocal) }).click();
  await expect(page.getByRole('heading', { level: 1, name: idp[lc.locale].title })).toBeVisible();
}

/** At the provider: signs in as `user` by their address. */
async function asUser(page: Page, lc: LocaleCase, user: TestUser) {
  await page.getByRole('textbox', { name: idp[lc.locale].other }).fill(user.email);
  await page.getByRole('button', { name: idp[lc.locale].submit }).click();
}

const alert = (page: Page) => page.getByRole('main').getByRole('alert');

forEachLocale('sign-in with an external provider', (lc) => {
  const t = authTexts[lc.locale];
  const account = accountTexts[lc.locale];

  test('an existing account signs in through Bitwerf ID and the account page lists the linked method', async ({ page, context }) => {
    const user = await createTestUser('oauth');
    await toProvider(page, lc);
    // The PKCE verifier waits in a cookie of ours while the visitor is at the provider.
    expect((await context.cookies()).some((cookie) => /-auth-token-code-verifier$/.test(cookie.name))).toBe(true);
    await asUser(page, lc, user);

    await expect(page).toHaveURL(new RegExp(`${localized(lc, '/account')}$`));
    const methods = page.getByRole('region', { name: account.signInMethods.title });
    await expect(methods.getByText(t.signIn.providerNames.keycloakLocal, { exact: true })).toBeVisible();
    await expect(methods.getByText(account.signInMethods.password, { exact: true })).toBeVisible();
    await expect(methods.getByText(account.signInMethods.linkedBy.replace('{address}', user.email))).toBeVisible();
  });

  test('the provider’s page follows the visitor’s colour mode and passes axe in both', async ({ page }) => {
    await toProvider(page, lc);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const background = await page.getByRole('main').evaluate((main) => getComputedStyle(main).backgroundColor);
      expect(background, colorScheme).toBe(colorScheme === 'light' ? 'rgb(255, 255, 255)' : 'rgb(27, 31, 36)');
      expect(await axeViolations(page), colorScheme).toEqual([]);
      // For review, not a check: `SCREENS_DIR=/some/folder npx playwright test e2e/auth-oauth.spec.ts`.
      const dir = process.env.SCREENS_DIR;
      for (const width of dir ? [375, 1280] : []) {
        await page.setViewportSize({ width, height: 800 });
        await page.screenshot({ path: `${dir}/provider-${lc.locale}-${width}-${colorScheme}.png`, fullPage: true });
      }
    }
  });

  test('cancelling at the provider comes back with a message and the form', async ({ page }) => {
    await toProvider(page, lc);
    await page.getByRole('button', { name: idp[lc.locale].cancel }).click();
    await expect(page).toHaveURL(/\/sign-in\?/);
    await expect(alert(page)).toContainText(t.errors.oauthCancelled);
    await expect(page.getByRole('textbox', { name: t.signIn.email })).toBeVisible();
  });

  if (lc.locale === 'nl') {
    test('an address without an account is refused: no sign-up by a provider', async ({ page, context }) => {
      await toProvider(page, lc);
      await page.getByRole('button', { name: /nieuw@voorbeeld\.nl/ }).click();
      await expect(alert(page)).toContainText(t.errors.oauthNoAccount);
      expect((await context.cookies()).some((cookie) => /-auth-token(\.\d+)?$/.test(cookie.name))).toBe(false);
    });

    test('an account with a second factor still needs its code after the provider, then goes on to next', async ({ page }) => {
      const user = await createTestUser('oauth-mfa', { staff: true });
      const secret = await addTotpFactor(user);
      await toProvider(page, lc, '/account/content');
      await asUser(page, lc, user);
      const code = page.getByRole('textbox', { name: t.code.label });
      await expect(code).toBeVisible();
      await code.fill(await totp(secret, 1));
      await page.getByRole('button', { name: t.code.submit }).click();
      await expect(page).toHaveURL(new RegExp(`${localized(lc, '/account/content')}$`));
    });
  }

  if (lc.locale === 'en') {
    test('a code that was used, or arrives in another browser, says to start again', async ({ page, browser }) => {
      const user = await createTestUser('oauth-replay');
      await toProvider(page, lc);
      const callback = page.waitForRequest((request) => new URL(request.url()).pathname.endsWith('/auth/callback'));
      await asUser(page, lc, user);
      const callbackUrl = (await callback).url();
      await expect(page).toHaveURL(new RegExp(`${localized(lc, '/account')}$`));

      const elsewhere = await browser.newPage({ locale: lc.browserLocale });
      await elsewhere.goto(callbackUrl);
      await expect(alert(elsewhere)).toContainText(t.errors.oauthExpired);
      await elsewhere.close();
    });

    test('the flow leaves the policy alone: form-action stays self, and an unknown provider is a 404', async ({ page }) => {
      const signIn = await page.goto(localized(lc, '/sign-in'));
      expect(signIn?.headers()['content-security-policy']).toContain("form-action 'self'");
      const unknown = await page.request.get(`${localized(lc, '/auth/oauth/github')}?next=%2Fen%2Faccount`, { maxRedirects: 0 });
      expect(unknown.status()).toBe(404);
      const outside = await page.request.get(`${localized(lc, '/auth/oauth/keycloak')}?next=https%3A%2F%2Fevil.example`, {
        maxRedirects: 0,
      });
      expect(outside.status()).toBe(303);
      expect(new URL(outside.headers().location ?? '').searchParams.get('redirect_to')).toMatch(
        /\/en\/auth\/callback\?next=%2Fen%2Faccount$/,
      );
    });
  }
});
