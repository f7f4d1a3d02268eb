import { accountTexts, authTexts, createTestUser, latestRecoveryLink, signIn, signInThroughApi, signInWithPassword } from './support/auth';
import { en, expect, forEachLocale, inLocale, localized, nl, test } from './support/i18n';

/*
 * Redirects, throttles and the password change, against the production build. The server
 * decides all of this, so it runs at one width; both locales, since paths and messages differ.
 */

const offSite = [
  '/.//evil.example',
  '/%2e//evil.example',
  '/a/..//evil.example/x',
  '/%2f%2fevil.example',
  '//evil.example',
  '/\\evil.example',
];

forEachLocale('redirects stay on the site', (lc) => {
  // What the language cannot change runs in one language; the two languages share those tests.
  if (lc.locale === 'nl') {
    test('sign-out answers with a relative Location, also for a crafted next', async ({ page }) => {
      for (const next of [undefined, ...offSite]) {
        const response = await page.request.post(localized(lc, '/auth/sign-out'), {
          maxRedirects: 0,
          form: next === undefined ? {} : { next },
        });
        expect(response.status()).toBe(303);
        // Not http://localhost:<port>/…: that is where Next listens, not where the visitor is.
        expect(response.headers().location).toBe(localized(lc, '/'));
      }
    });
  }

  if (lc.locale === 'en') {
    test('a signed-in visitor sent to sign-in with a crafted next stays on the site', async ({ page }) => {
      await signInThroughApi(page, lc, await createTestUser('redirect'));
      for (const next of offSite) {
        const response = await page.request.get(`${localized(lc, '/sign-in')}?next=${encodeURIComponent(next)}`, { maxRedirects: 0 });
        expect(response.status(), next).toBe(307);
        expect(response.headers().location, next).toBe(localized(lc, '/account'));
      }
    });
  }

  if (lc.locale === 'nl') {
    test('a real reset link with a crafted next signs in and stays on the site', async ({ page, baseURL }) => {
      const user = await createTestUser('redirect');
      await page.goto(localized(lc, '/forgot-password'));
      await page.getByRole('textbox', { name: authTexts[lc.locale].forgot.email }).fill(user.email);
      await page.getByRole('button', { name: authTexts[lc.locale].forgot.submit }).click();
      await expect(page.getByRole('heading', { name: authTexts[lc.locale].forgot.sentTitle })).toBeVisible();

      const link = new URL(await latestRecoveryLink(user.email));
      link.searchParams.set('next', '/.//evil.example/phish');
      await page.goto(`${link.pathname}${link.search}`);
      await page.getByRole('button', { name: authTexts[lc.locale].confirmLink.submitRecovery }).click();
      await expect(page).toHaveURL((url) => url.origin === baseURL && url.pathname === localized(lc, '/account'));
    });
  }
});

// The throttles and the password check work the same in either language; each test runs in one,
// and the two languages share the work.
inLocale(nl, 'throttles', (lc) => {
  const t = authTexts[lc.locale];
  const account = accountTexts[lc.locale];

  test('wrong passwords hold strangers back before Auth, but not a browser that signed in before', async ({ page, context }) => {
    test.slow(); // Eight sign-ins.
    const user = await createTestUser('lock');
    await signIn(page, lc, user);
    await page.getByRole('button', { name: account.signOut.submit }).click();
    await expect(page).toHaveURL(new RegExp(`${localized(lc, '/')}$`));
    const device = (await context.cookies()).filter((cookie) => cookie.name === 'bitwerf-device');
    expect(device).toHaveLength(1);

    // A stranger: same address (every test is one client here), no device cookie.
    await context.clearCookies();
    for (let i = 0; i < 5; i += 1) {
      await signInWithPassword(page, lc, { ...user, password: `guess-${i}` });
      await expect(page.getByRole('alert').filter({ hasText: t.errors.invalidCredentials })).toBeVisible();
    }
    // Held back even with the right password: the limit comes before Auth is asked.
    await signInWithPassword(page, lc, user);
    await expect(page.getByRole('alert').filter({ hasText: t.errors.rateLimited })).toBeVisible();

    // The user's own browser still gets in.
    await context.clearCookies();
    await context.addCookies(device);
    await signIn(page, lc, user);
    await expect(page.getByText(user.email)).toBeVisible();
  });
});

inLocale(en, 'throttles', (lc) => {
  const t = authTexts[lc.locale];

  test('"forgot password" answers the same when asked twice for a real account', async ({ page }) => {
    const user = await createTestUser('forgot');
    for (const email of [user.email, user.email, `nobody-${user.email}`]) {
      await page.goto(localized(lc, '/forgot-password'));
      await page.getByRole('textbox', { name: t.forgot.email }).fill(email);
      await page.getByRole('button', { name: t.forgot.submit }).click();
      await expect(page.getByRole('heading', { name: t.forgot.sentTitle })).toBeVisible();
    }
  });
});

inLocale(en, 'password change', (lc) => {
  const t = authTexts[lc.locale];
  const account = accountTexts[lc.locale];

  test('asks for the current password and checks it', async ({ page }) => {
    test.slow(); // Three sign-ins and three changes.
    const user = await createTestUser('change');
    await signInThroughApi(page, lc, user);
    const current = page.getByLabel(account.password.current, { exact: true });
    const fresh = page.getByLabel(account.password.new, { exact: true });
    const confirm = page.getByLabel(account.password.confirm, { exact: true });
    const submit = page.getByRole('button', { name: account.password.submit });
    await expect(current).toHaveAttribute('autocomplete', 'current-password');

    await fresh.fill('a-new-password-1');
    await confirm.fill('a-new-password-1');
    await submit.click();
    await expect(page.getByText(t.errors.currentPasswordRequired)).toBeVisible();
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expect(current).toBeFocused();

    await current.fill('not-my-password');
    await fresh.fill('a-new-password-1');
    await confirm.fill('a-new-password-1');
    await submit.click();
    await expect(page.getByText(t.errors.currentPasswordWrong)).toBeVisible();

    await current.fill(user.password);
    await fresh.fill('a-new-password-1');
    await confirm.fill('a-new-password-1');
    // The confirmation's region is there, empty, before it is needed.
    await expect(page.getByRole('region', { name: account.password.title }).getByRole('status')).toBeEmpty();
    await submit.click();
    // The form is gone with its button; the confirmation takes the focus instead of <body>.
    await expect(page.getByRole('status').filter({ hasText: account.password.done })).toBeFocused();

    await page.getByRole('button', { name: account.signOut.submit }).click();
    await signInWithPassword(page, lc, user);
    await expect(page.getByRole('alert').filter({ hasText: t.errors.invalidCredentials })).toBeVisible();
    await signIn(page, lc, { ...user, password: 'a-new-password-1' });
  });
});
