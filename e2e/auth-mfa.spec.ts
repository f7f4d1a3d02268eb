import {
  accountTexts,
  addTotpFactor,
  authTexts,
  createTestUser,
  enrolTotp,
  secretOnPage,
  signInThroughApi,
  signInWithPassword,
  totp,
} from './support/auth';
import { faintFocusRings } from './support/focus-rings';
import { expect, forEachLocale, localized, test } from './support/i18n';

forEachLocale('two-factor', (lc) => {
  // What the language cannot change runs in one language; the two languages share those tests.
  const t = authTexts[lc.locale];
  const account = accountTexts[lc.locale];

  if (lc.locale === 'nl') {
    test('enrol, then sign in with a code: wrong code refused, aal1 cannot reach the account, pasted code with a space works; then remove the factor', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const user = await createTestUser('mfa');
      await signInThroughApi(page, lc, user);
      await expect(page.getByText(account.mfa.off, { exact: true })).toBeVisible();
      const secret = await enrolTotp(page, lc);
      await expect(page.getByText(account.mfa.on, { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: new RegExp(account.mfa.removeLabel.replace('{name}', '.+')) })).toHaveCount(1);

      await page.getByRole('button', { name: account.signOut.submit }).click();
      await expect(page).toHaveURL(new RegExp(`${localized(lc, '/')}$`));

      // Password alone is not enough: the code step follows.
      await signInWithPassword(page, lc, user, localized(lc, '/account'));
      const code = page.getByRole('textbox', { name: t.code.label });
      await expect(code).toBeVisible();
      await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
      await expect(code).toHaveAttribute('inputmode', 'numeric');
      expect((await faintFocusRings(page)).faint, 'focus rings on the code step').toEqual([]);

      // The server, not the form, keeps an aal1 session out of the account page.
      const blocked = await page.request.get(localized(lc, '/account'), { maxRedirects: 0 });
      expect(blocked.status()).toBe(307);
      expect(blocked.headers().location).toContain(localized(lc, '/sign-in'));

      await code.fill('000000');
      await page.getByRole('button', { name: t.code.submit }).click();
      await expect(page.getByText(t.errors.codeInvalid)).toBeVisible();
      await expect(code).toHaveAccessibleDescription(new RegExp(t.errors.codeInvalid.replace(/[.?()]/g, '\\$&')));
      await expect(code).toBeFocused();
      await code.fill('12');
      await page.getByRole('button', { name: t.code.submit }).click();
      await expect(page.getByText(t.errors.codeFormat)).toBeVisible();
      // Sent with Enter from the field, focus cannot move to it: the error is said in the form's alert instead.
      await code.fill('000000');
      await code.press('Enter');
      await expect(page.getByRole('alert').filter({ hasText: t.errors.codeInvalid })).toHaveCount(1);
      await expect(code).toBeFocused();

      // A code pasted as "123 456", as authenticator apps show it.
      const next = await totp(secret, 1);
      await code.fill(`${next.slice(0, 3)} ${next.slice(3)}`);
      await page.getByRole('button', { name: t.code.submit }).click();
      await expect(page.getByRole('heading', { level: 1, name: account.title })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${localized(lc, '/account')}$`));

      // Unlinking asks first; keeping the app returns focus to its button.
      const remove = page.getByRole('button', { name: new RegExp(account.mfa.removeLabel.replace('{name}', '.+')) });
      await remove.click();
      const question = page.getByText(new RegExp(account.mfa.confirmRemove.split('{name}')[0] ?? ''));
      await expect(question).toBeFocused();
      await page.getByRole('button', { name: account.mfa.keep }).click();
      await expect(remove).toBeFocused();
      await expect(page.getByText(account.mfa.on, { exact: true })).toBeVisible();

      await remove.click();
      await page.getByRole('button', { name: account.mfa.confirmRemoveSubmit }).click();
      await expect(page.getByRole('status').filter({ hasText: account.mfa.removed })).toBeFocused();
      await expect(page.getByText(account.mfa.off, { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: account.mfa.start })).toBeVisible();
    });
  }

  if (lc.locale === 'en') {
    test('unlinking one of two apps says the other keeps working; unlinking the last tells staff what they lose', async ({ page }) => {
      test.setTimeout(90_000);
      const user = await createTestUser('mfa-staff', { staff: true });
      const first = await addTotpFactor(user);
      await signInWithPassword(page, lc, user, localized(lc, '/account'));
      await page.getByRole('textbox', { name: t.code.label }).fill(await totp(first, 1));
      await page.getByRole('button', { name: t.code.submit }).click();
      await expect(page.getByRole('heading', { level: 1, name: account.title })).toBeVisible();
      await enrolTotp(page, lc);

      // Named in the order they were linked, not by the provider's technical name.
      const name = (n: number) => account.mfa.numberedName.replace('{number}', String(n));
      const unlink = (app: string) => page.getByRole('button', { name: account.mfa.removeLabel.replace('{name}', app), exact: true });
      await expect(unlink(name(2))).toBeVisible();
      // The first app: this session was confirmed with the second (its enrolment), which stays.
      await unlink(name(1)).click();
      await expect(
        page.getByText(account.mfa.confirmRemoveOther.replaceAll('{name}', name(1)).replaceAll('{rest}', name(2))),
      ).toBeFocused();
      await page.getByRole('button', { name: account.mfa.confirmRemoveSubmit }).click();
      await expect(page.getByRole('status').filter({ hasText: account.mfa.removed })).toBeFocused();

      const last = account.mfa.defaultName;
      await unlink(last).click();
      // The test account holds every role, admin too.
      const question = `${account.mfa.confirmRemove.replace('{name}', last)} ${account.mfa.confirmRemoveStaff} ${account.mfa.confirmRemoveAdmin}`;
      await expect(page.getByText(question)).toBeFocused();
      await page.getByRole('button', { name: account.mfa.keep }).click();
      await expect(page.getByText(account.mfa.on, { exact: true })).toBeVisible();
    });

    test('the secret can be copied and an enrolment cancelled', async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const user = await createTestUser('mfa');
      await signInThroughApi(page, lc, user);
      await page.getByRole('button', { name: account.mfa.start }).click();
      const secret = await secretOnPage(page, lc);
      // The account page's forms with the enrolment open: password change, code, copy, cancel.
      const { stops, faint } = await faintFocusRings(page);
      expect(stops).toBeGreaterThan(5);
      expect(faint, 'focus rings on the account page').toEqual([]);
      await page.getByRole('button', { name: account.mfa.copy }).click();
      await expect(page.getByRole('button', { name: account.mfa.copied })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      // A wrong code and a malformed one each say what is wrong, with focus back on the field.
      const code = page.getByRole('textbox', { name: account.mfa.code });
      for (const [typed, message] of [
        ['000000', t.errors.codeInvalid],
        ['123', t.errors.codeFormat],
      ] as const) {
        await code.fill(typed);
        await page.getByRole('button', { name: account.mfa.verify }).click();
        await expect(code).toHaveAccessibleDescription(message);
        await expect(code).toBeFocused();
      }
      // The same mistake again, sent with Enter: said again, though focus had nowhere to move.
      await code.fill('123');
      await code.press('Enter');
      await expect(page.getByRole('alert').filter({ hasText: t.errors.codeFormat })).toHaveCount(1);
      await expect(code).toBeFocused();
      // Cancelling removes the form: focus goes back to the button that starts again.
      await page.getByRole('button', { name: account.mfa.cancel }).click();
      await expect(page.getByRole('button', { name: account.mfa.start })).toBeFocused();
    });
  }
});
