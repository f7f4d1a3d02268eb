import AxeBuilder from '@axe-core/playwright';

import { accountTexts, authTexts, createTestUser, signIn, signInThroughApi, signInWithPassword } from './support/auth';
import { en, expect, forEachLocale, inLocale, isBelowLg, localized, nl, test } from './support/i18n';

forEachLocale('sign-in', (lc) => {
  // What the language cannot change runs in one language; the two languages share those tests.
  const t = authTexts[lc.locale];
  const account = accountTexts[lc.locale];

  test('wrong password keeps the e-mail and says why; empty and invalid e-mail are explained; focus goes to the problem', async ({
    page,
  }) => {
    const user = await createTestUser();
    await page.goto(localized(lc, '/sign-in'));
    await expect(page).toHaveTitle(new RegExp(t.meta.signIn));
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    // The alert region is there, empty, before anything goes wrong, so its message is announced.
    await expect(page.getByRole('main').locator('form [role="alert"]')).toHaveCount(1);
    await expect(page.getByRole('main').locator('form [role="alert"]')).toBeEmpty();

    const email = page.getByRole('textbox', { name: t.signIn.email });
    await page.getByRole('button', { name: t.signIn.submit }).click();
    await expect(page.getByText(t.errors.emailRequired)).toBeVisible();
    await expect(email).toBeFocused();
    await email.fill('not-an-address');
    await page.getByRole('button', { name: t.signIn.submit }).click();
    await expect(page.getByText(t.errors.emailInvalid)).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();
    // Enter in the e-mail field with the password empty: the e-mail field is put back, focus goes on.
    const password = page.getByLabel(t.signIn.password, { exact: true });
    await email.fill(user.email);
    await email.press('Enter');
    await expect(password).toHaveAccessibleDescription(t.errors.passwordRequired);
    await expect(password).toBeFocused();

    await signInWithPassword(page, lc, { ...user, password: 'wrong-password' });
    const alert = page.getByRole('alert').filter({ hasText: t.errors.invalidCredentials });
    await expect(alert).toBeVisible();
    // A form-level error has no field to go to: focus goes to the message itself.
    await expect(page.getByText(t.errors.invalidCredentials)).toBeFocused();
    await expect(email).toHaveValue(user.email);
    await expect(page).toHaveURL(new RegExp(`${localized(lc, '/sign-in')}$`));
  });

  // The account link sits in the header from lg up and in the drawer below it: both widths, the
  // phone in one language.
  test(
    'a protected page sends the visitor to sign-in and back; sign-out is a POST that ends the session',
    { tag: lc.locale === 'en' ? '@phone' : [] },
    async ({ page }) => {
      const user = await createTestUser();
      await page.goto(localized(lc, '/account'));
      await expect(page).toHaveURL(
        (url) => url.pathname === localized(lc, '/sign-in') && url.searchParams.get('next') === localized(lc, '/account'),
      );

      await page.getByRole('textbox', { name: t.signIn.email }).fill(user.email);
      await page.getByLabel(t.signIn.password, { exact: true }).fill(user.password);
      const started = Date.now();
      await page.getByRole('button', { name: t.signIn.submit }).click();
      await expect(page.getByRole('heading', { level: 1, name: account.title })).toBeVisible();
      test.info().annotations.push({ type: 'sign-in to account (ms)', description: String(Date.now() - started) });
      await expect(page).toHaveURL(new RegExp(`${localized(lc, '/account')}$`));
      await expect(page.getByText(user.email)).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

      // The header (or the drawer below lg) now offers the account instead of sign-in.
      if (isBelowLg(page)) await page.getByRole('button', { name: lc.common.header.openMenu }).click();
      const scope = isBelowLg(page) ? page.getByRole('dialog') : page.getByRole('banner');
      await expect(scope.getByRole('link', { name: account.nav.account })).toBeVisible();
      await expect(scope.getByRole('link', { name: account.nav.signIn })).toHaveCount(0);
      if (isBelowLg(page)) await page.keyboard.press('Escape');

      await page.getByRole('button', { name: account.signOut.submit }).click();
      await expect(page).toHaveURL(new RegExp(`${localized(lc, '/')}$`));
      await page.goto(localized(lc, '/account'));
      await expect(page).toHaveURL(new RegExp(`${localized(lc, '/sign-in')}\\?next=`));
      // A GET cannot sign anyone out.
      expect((await page.request.get(localized(lc, '/auth/sign-out'))).status()).toBe(405);
    },
  );

  if (lc.locale === 'en') {
    test('an off-site next is refused: sign-in lands on the account page', async ({ page }) => {
      const user = await createTestUser();
      for (const next of ['https://evil.example/', '//evil.example', '/\\evil.example']) {
        await signInWithPassword(page, lc, user, next);
        await expect(page.getByRole('heading', { level: 1, name: account.title })).toBeVisible();
        await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:\\d+${localized(lc, '/account')}$`));
        await page.context().clearCookies();
      }
    });
  }

  test(
    'anonymous visitors see sign-in in the header, without a flash of the wrong state',
    { tag: lc.locale === 'nl' ? '@phone' : [] },
    async ({ page }) => {
      await page.goto(localized(lc, '/'));
      if (isBelowLg(page)) await page.getByRole('button', { name: lc.common.header.openMenu }).click();
      const scope = isBelowLg(page) ? page.getByRole('dialog') : page.getByRole('banner');
      const link = scope.getByRole('link', { name: account.nav.signIn });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', localized(lc, '/sign-in'));
      await expect(scope.getByRole('link', { name: account.nav.account })).toHaveCount(0);
    },
  );
});

forEachLocale('session across locales', (lc) => {
  const other = lc.locale === 'nl' ? { prefix: '/en', locale: 'en' as const } : { prefix: '', locale: 'nl' as const };

  test('switching the language keeps the user signed in', async ({ page }) => {
    const user = await createTestUser();
    await signInThroughApi(page, lc, user);
    const switcher = page.getByRole('contentinfo').getByRole('list', { name: lc.common.languageSwitch.label });
    await switcher.getByRole('link', { name: other.locale === 'en' ? lc.common.languageSwitch.en : lc.common.languageSwitch.nl }).click();
    await expect(page).toHaveURL(new RegExp(`${other.prefix}/account$`));
    await expect(page.getByRole('heading', { level: 1, name: accountTexts[other.locale].title })).toBeVisible();
    await expect(page.getByText(user.email)).toBeVisible();
  });
});

// The locale changes the words, not the markup (as in a11y.spec.ts): Dutch is scanned in light
// mode and English in dark mode, so each language and each mode is met once.
for (const [lc, mode] of [
  [nl, 'light'],
  [en, 'dark'],
] as const) {
  inLocale(lc, 'auth accessibility', () => {
    test(`sign-in, the code step and the account page have no axe violations in ${mode} mode`, async ({ page }) => {
      await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
      const axe = async () =>
        (await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      await page.goto(localized(lc, '/sign-in'));
      await page.getByRole('button', { name: authTexts[lc.locale].signIn.submit }).click();
      await expect(page.getByText(authTexts[lc.locale].errors.emailRequired)).toBeVisible();
      expect(await axe()).toEqual([]);

      await signIn(page, lc, await createTestUser('a11y'));
      await page.getByRole('button', { name: accountTexts[lc.locale].mfa.start }).click();
      await expect(page.getByRole('img', { name: accountTexts[lc.locale].mfa.qrAlt })).toBeVisible();
      expect(await axe()).toEqual([]);
    });
  });
}
