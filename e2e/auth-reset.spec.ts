import { randomUUID } from 'node:crypto';

import { accountTexts, authTexts, createTestUser, latestRecoveryLink, signIn } from './support/auth';
import { expect, forEachLocale, localized, test } from './support/i18n';

forEachLocale('password reset', (lc) => {
  // What the language cannot change runs in one language; the two languages share those tests.
  const t = authTexts[lc.locale];
  const account = accountTexts[lc.locale];

  if (lc.locale === 'en') {
    test('forgot → e-mail in the local inbox → a scanner opens the link first → new password, token gone from the URL → sign in with it', async ({
      page,
      playwright,
    }) => {
      const user = await createTestUser('reset');
      await page.goto(localized(lc, '/sign-in'));
      await page.getByRole('link', { name: t.signIn.forgot }).click();
      await expect(page).toHaveURL(new RegExp(`${localized(lc, '/forgot-password')}$`));
      await page.getByRole('textbox', { name: t.forgot.email }).fill(user.email);
      // The confirmation's region is there, empty, before it is needed.
      await expect(page.getByRole('main').getByRole('status')).toBeEmpty();
      await page.getByRole('button', { name: t.forgot.submit }).click();
      await expect(page.getByRole('heading', { name: t.forgot.sentTitle })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: t.forgot.sentTitle })).toBeFocused();

      const link = await latestRecoveryLink(user.email);
      expect(new URL(link).pathname).toBe(localized(lc, '/auth/confirm'));
      // A mail scanner fetches the link first, without cookies, and follows what it gets: a page.
      const scanner = await playwright.request.newContext();
      const scanned = await scanner.get(link);
      expect(scanned.status()).toBe(200);
      expect(scanned.headers()['set-cookie'] ?? '').not.toMatch(/sb-[^=]*-auth-token/);
      await scanner.dispose();
      // The reader's own click still works.
      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1, name: t.confirmLink.title })).toBeVisible();
      await page.getByRole('button', { name: t.confirmLink.submitRecovery }).click();
      await expect(page).toHaveURL(new RegExp(`${localized(lc, '/reset-password')}$`));
      await expect(page.getByRole('heading', { level: 1, name: t.reset.title })).toBeVisible();

      // Each refusal puts focus on the field it is about.
      const password = page.getByLabel(t.reset.password, { exact: true });
      const confirm = page.getByLabel(t.reset.confirm, { exact: true });
      await password.fill('short');
      await confirm.fill('short');
      await page.getByRole('button', { name: t.reset.submit }).click();
      await expect(page.getByText(t.errors.passwordTooShort.replace('{min}', '8'))).toBeVisible();
      await expect(password).toBeFocused();
      await password.fill('a-new-password-1');
      await confirm.fill('a-new-password-2');
      await page.getByRole('button', { name: t.reset.submit }).click();
      await expect(page.getByText(t.errors.passwordMismatch)).toBeVisible();
      await expect(confirm).toBeFocused();
      await password.fill(user.password);
      await confirm.fill(user.password);
      await page.getByRole('button', { name: t.reset.submit }).click();
      await expect(page.getByText(t.errors.samePassword)).toBeVisible();
      await expect(password).toBeFocused();
      await password.fill('a-new-password-1');
      await confirm.fill('a-new-password-1');
      await page.getByRole('button', { name: t.reset.submit }).click();
      await expect(page.getByRole('heading', { name: t.reset.doneTitle })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: t.reset.doneTitle })).toBeFocused();

      // The link is single-use.
      await page.context().clearCookies();
      await page.goto(link);
      await page.getByRole('button', { name: t.confirmLink.submitRecovery }).click();
      await expect(page.getByRole('heading', { level: 1, name: t.reset.noSessionTitle })).toBeVisible();

      await signIn(page, lc, { ...user, password: 'a-new-password-1' });
      await expect(page.getByText(user.email)).toBeVisible();
      await expect(page.getByRole('heading', { name: account.password.title })).toBeVisible();
    });
  }

  if (lc.locale === 'nl') {
    test('an unknown address gets the same neutral answer', async ({ page }) => {
      await page.goto(localized(lc, '/forgot-password'));
      // An address that cannot be one is refused at its field, which gets the focus back.
      const email = page.getByRole('textbox', { name: t.forgot.email });
      await email.fill('jan@');
      await email.press('Enter');
      await expect(email).toHaveAccessibleDescription(t.errors.emailInvalid);
      await expect(email).toBeFocused();
      // A new address each run: requests are limited per address, known or not.
      await email.fill(`nobody-${randomUUID().slice(0, 8)}@example.com`);
      await page.getByRole('button', { name: t.forgot.submit }).click();
      await expect(page.getByRole('heading', { name: t.forgot.sentTitle })).toBeVisible();
    });
  }
});
